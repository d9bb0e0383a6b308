import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';

/** One table on both sides: rows are read through the SQLite object and written through the PostgreSQL one. */
export interface TablePair {
  name: string;
  sqlite: SQLiteTable;
  pg: PgTable;
  /** The schemas' keys of the columns copied: every column but PostgreSQL's generated ones. */
  keys: string[];
  /** The keys of the primary key, which finds a row again to fill in its deferred references. */
  primaryKeys: string[];
  /** The keys of the ids PostgreSQL numbers (identity columns), whose sequences follow the copy. */
  identityKeys: string[];
  /**
   * References inside a cycle of tables (questions.accepted_answer_id → answers → questions): copied
   * as null, then filled in once every table is there. Set by orderForCopy.
   */
  deferredKeys: string[];
}

/**
 * The PostgreSQL column's key in its table object (the name code uses, as in a row). Found by its
 * database name: the columns a table's extra config (keys, indexes) receives are copies.
 */
export function keyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(
    ([, each]) => each.name === column.name,
  );
  if (!found) throw new Error(`column ${column.name} is not in table ${getTableName(table)}`);
  return found[0];
}

/**
 * Each table of the SQLite schema with its PostgreSQL twin, in the schema's order. The two must name
 * the same tables and columns (test/schema-dialects.test.ts holds them to it); PostgreSQL's generated
 * columns (the search document, the insertion order) are left to PostgreSQL.
 */
export function pairTables(
  sqliteSchema: Record<string, unknown>,
  pgSchema: Record<string, unknown>,
): TablePair[] {
  const pgTables = Object.values(pgSchema).filter((value): value is PgTable => is(value, PgTable));
  const pgByName = new Map(pgTables.map((table) => [getTableName(table), table]));
  const sqliteTables = Object.values(sqliteSchema).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  );
  const pairs = sqliteTables.map((sqlite): TablePair => {
    const name = getTableName(sqlite);
    const pg = pgByName.get(name);
    if (!pg) throw new Error(`the PostgreSQL schema has no ${name} table`);
    pgByName.delete(name);
    const pgColumns = getTableColumns(pg);
    const sqliteKeys = Object.keys(getTableColumns(sqlite));
    // Left to PostgreSQL: generated columns, and identities it always numbers itself (the order of
    // insertion, which rows copied in SQLite's rowid order keep).
    const keys = Object.keys(pgColumns).filter(
      (key) =>
        pgColumns[key]?.generated === undefined &&
        pgColumns[key]?.generatedIdentity?.type !== 'always',
    );
    const missing = [
      ...sqliteKeys.filter((key) => !keys.includes(key)),
      ...keys.filter((key) => !sqliteKeys.includes(key)),
    ];
    if (missing.length > 0)
      throw new Error(`the two schemas' ${name} tables differ in ${missing.join(', ')}`);
    const config = getTableConfig(pg);
    const composite = config.primaryKeys[0]?.columns;
    return {
      name,
      sqlite,
      pg,
      keys,
      primaryKeys: composite
        ? composite.map((column) => keyOf(pg, column))
        : keys.filter((key) => pgColumns[key]?.primary),
      identityKeys: keys.filter((key) => pgColumns[key]?.generatedIdentity !== undefined),
      deferredKeys: [],
    };
  });
  if (pgByName.size > 0)
    throw new Error(`only the PostgreSQL schema has ${[...pgByName.keys()].join(', ')}`);
  return pairs;
}
