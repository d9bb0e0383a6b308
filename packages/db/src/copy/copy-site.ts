import * as sqliteSchema from '../schema';
import * as pgSchema from '../schema-pg';
import { orderForCopy } from './copy-order';
import { CopyStopped, type TableCount } from './copy-stopped';
import {
  connectTarget,
  continueSequences,
  countRows,
  describeDatabaseError,
  displayUrl,
  fillDeferred,
  insertRows,
  lockEmptyTarget,
  type PgTx,
} from './pg-target';
import { openSqliteSource, type SqliteSource } from './sqlite-source';
import { pairTables, type TablePair } from './table-pairs';

export interface CopyOptions {
  /** The SQLite file (opened read-only). */
  from: string;
  /** A postgres:// URL of an empty database (its schema is created or migrated here). */
  to: string;
  /** Rows per INSERT (fewer when a table's columns would pass PostgreSQL's 65,535 parameters). */
  batchSize?: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** The SQLite migrations the file must have; this code's by default. */
  sqliteMigrationsFolder?: string;
}

export interface CopyReport {
  /** Every table's rows on both sides, in the order they were copied. */
  counts: TableCount[];
  /** The last events id handed out: the outbox's high-water mark, new events continue after it. */
  lastEventId: number;
}

const MAX_PARAMETERS = 65_535;
const PROGRESS_EVERY = 10_000;

/**
 * Copies a whole SQLite site into an empty PostgreSQL database in one transaction: every table in
 * foreign-key order, in batches, then the deferred references, then the check that every table has
 * as many rows on both sides, then the identity sequences. Any failure rolls it all back, and the
 * target is left as empty as it was.
 */
export async function copySqliteToPg(options: CopyOptions): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const pairs = orderForCopy(pairTables(sqliteSchema, pgSchema));
  const source = openSqliteSource(options.from, options.sqliteMigrationsFolder);
  try {
    const sourceCounts = new Map(pairs.map((pair) => [pair.name, source.countRows(pair)]));
    const total = [...sourceCounts.values()].reduce((sum, n) => sum + n, 0);
    log(
      `Copying ${total} rows in ${pairs.length} tables from ${options.from} into ${displayUrl(options.to)}`,
    );
    const target = await connectTarget(options.to);
    try {
      return await target.transaction(async (tx) => {
        await lockEmptyTarget(tx, pairs);
        for (const pair of pairs) {
          await copyTable(tx, source, pair, sourceCounts.get(pair.name) ?? 0, options, log);
        }
        for (const pair of pairs.filter((each) => each.deferredKeys.length > 0)) {
          await copyDeferred(tx, source, pair, options);
        }
        const counts: TableCount[] = [];
        for (const pair of pairs) {
          const sqlite = sourceCounts.get(pair.name) ?? 0;
          counts.push({ table: pair.name, sqlite, postgres: await countRows(tx, pair) });
        }
        const differing = counts.filter((each) => each.sqlite !== each.postgres);
        if (differing.length > 0)
          throw new CopyStopped(
            `The row counts differ in ${differing.map((each) => each.table).join(', ')}: the copy was undone, and the PostgreSQL database is empty again.`,
            counts,
          );
        // Last, as setval is not undone by a rollback.
        const highWaterMarks = source.highWaterMarks();
        let lastEventId = 0;
        for (const pair of pairs) {
          const last = await continueSequences(tx, pair, highWaterMarks.get(pair.name) ?? 0);
          if (pair.sqlite === sqliteSchema.events) lastEventId = last;
        }
        return { counts, lastEventId };
      });
    } finally {
      await target.$client.end();
    }
  } finally {
    source.close();
  }
}

function batchSizeOf(keys: string[], options: CopyOptions): number {
  const wanted = options.batchSize ?? 1000;
  return Math.max(1, Math.min(wanted, Math.floor(MAX_PARAMETERS / keys.length)));
}

async function copyTable(
  tx: PgTx,
  source: SqliteSource,
  pair: TablePair,
  rowCount: number,
  options: CopyOptions,
  log: (line: string) => void,
): Promise<void> {
  const limit = batchSizeOf(pair.keys, options);
  let afterRowid = 0;
  let copied = 0;
  for (;;) {
    const { rows, lastRowid } = source.readRows(pair, { afterRowid, limit, keys: pair.keys });
    if (rows.length === 0) break;
    try {
      await insertRows(tx, pair, rows);
    } catch (error) {
      throw stoppedIn(pair, `rows ${copied + 1} to ${copied + rows.length}`, error);
    }
    afterRowid = lastRowid;
    const before = copied;
    copied += rows.length;
    if (Math.floor(copied / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY))
      log(`  ${pair.name}: ${copied} of ${rowCount} rows…`);
  }
  log(`  ${pair.name}: ${copied} rows`);
}

/** Fills in the references copied as null, from the rows that have them. */
async function copyDeferred(
  tx: PgTx,
  source: SqliteSource,
  pair: TablePair,
  options: CopyOptions,
): Promise<void> {
  const keys = [...pair.primaryKeys, ...pair.deferredKeys];
  const limit = batchSizeOf(keys, options);
  let afterRowid = 0;
  for (;;) {
    const { rows, lastRowid } = source.readRows(pair, {
      afterRowid,
      limit,
      keys,
      nonNullKeys: pair.deferredKeys,
    });
    if (rows.length === 0) break;
    try {
      await fillDeferred(tx, pair, rows);
    } catch (error) {
      throw stoppedIn(pair, `its ${pair.deferredKeys.join(', ')}`, error);
    }
    afterRowid = lastRowid;
  }
}

function stoppedIn(pair: TablePair, what: string, error: unknown): CopyStopped {
  return new CopyStopped(
    `Copying ${pair.name} (${what}) failed: ${describeDatabaseError(error)}. Nothing was copied: the transaction was rolled back, and the PostgreSQL database is empty again.`,
  );
}
