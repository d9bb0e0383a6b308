import { getTableName } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { keyOf, type TablePair } from './table-pairs';

/** A foreign key of one table, as the copy sees it: the keys it fills and the table it points to. */
interface Reference {
  from: TablePair;
  keys: string[];
  columns: PgColumn[];
  to: string;
}

function referencesOf(pair: TablePair): Reference[] {
  return getTableConfig(pair.pg).foreignKeys.map((foreignKey) => {
    const { columns, foreignTable } = foreignKey.reference();
    return {
      from: pair,
      keys: columns.map((column) => keyOf(pair.pg, column)),
      columns,
      to: getTableName(foreignTable),
    };
  });
}

/**
 * The tables in an order that inserts every row after the rows it references, read from the
 * PostgreSQL schema's foreign keys (the constraints the copy must satisfy). A cycle of references
 * (questions.accepted_answer_id → answers.question_id → questions) has no such order: one nullable
 * reference in it is deferred — copied as null and filled in at the end — which breaks the cycle.
 * Among tables free to go, the schema's own order decides, so the order is the same every time.
 */
export function orderForCopy(pairs: TablePair[]): TablePair[] {
  const ordered: TablePair[] = [];
  const placed = new Set<string>();
  const deferred = new Set<Reference>();
  const references = new Map(pairs.map((pair) => [pair.name, referencesOf(pair)]));
  /** The references of a table still waiting on a table not yet placed (itself included). */
  const waitingOn = (pair: TablePair) =>
    (references.get(pair.name) ?? []).filter(
      (reference) => !deferred.has(reference) && !placed.has(reference.to),
    );

  let remaining = [...pairs];
  while (remaining.length > 0) {
    const ready = remaining.find((pair) => waitingOn(pair).length === 0);
    if (ready) {
      ordered.push(ready);
      placed.add(ready.name);
      remaining = remaining.filter((pair) => pair !== ready);
      continue;
    }
    deferred.add(nullableReferenceInCycle(remaining, waitingOn));
  }

  return ordered.map((pair) => ({
    ...pair,
    deferredKeys: [...deferred]
      .filter((reference) => reference.from === pair)
      .flatMap((reference) => reference.keys),
  }));
}

/**
 * When no table is free to go, every remaining one waits on another remaining one: following those
 * references from any table comes back to a table already passed, and the path from there is a
 * cycle. Its first nullable reference is the one to defer.
 */
function nullableReferenceInCycle(
  remaining: TablePair[],
  waitingOn: (pair: TablePair) => Reference[],
): Reference {
  const byName = new Map(remaining.map((pair) => [pair.name, pair]));
  const path: Reference[] = [];
  const seen = new Map<string, number>();
  let at = remaining[0] as TablePair;
  while (!seen.has(at.name)) {
    seen.set(at.name, path.length);
    const next = waitingOn(at)[0] as Reference;
    path.push(next);
    at = byName.get(next.to) as TablePair;
  }
  const cycle = path.slice(seen.get(at.name));
  const nullable = cycle.find((reference) => reference.columns.every((column) => !column.notNull));
  if (!nullable)
    throw new Error(
      `the tables ${cycle.map((reference) => reference.from.name).join(' → ')} reference each other through NOT NULL columns only: no order can copy them`,
    );
  return nullable;
}
