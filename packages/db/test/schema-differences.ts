import { is, SQL } from 'drizzle-orm';
import {
  getTableConfig as getPgTableConfig,
  PgDialect,
  PgTable,
  type AnyPgColumn,
  type IndexedColumn,
} from 'drizzle-orm/pg-core';
import {
  getTableConfig as getSqliteTableConfig,
  SQLiteSyncDialect,
  SQLiteTable,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';

// Compares the SQLite and PostgreSQL schemas: each table is described as a plain shape in words that
// mean the same on both sides, and the shapes are compared field by field.

/** What a column is, in words both dialects share. */
interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  default: string;
  /** An id the database numbers itself (SQLite AUTOINCREMENT, a PostgreSQL identity). */
  numbered: boolean;
  generated: boolean;
  unique: boolean;
  enum: string;
}

/** A table: its columns by name, and each key, index, check and foreign key by name as one sentence. */
interface TableShape {
  columns: Map<string, ColumnShape>;
  constraints: Map<string, string>;
}

// The type mapping: each side's column kind to a shared word. A kind missing here is reported, so a
// new column type has to be placed here before the schemas can agree.
const sqliteTypes: Record<string, string> = {
  SQLiteInteger: 'integer',
  SQLiteTimestamp: 'timestamp',
  SQLiteBoolean: 'boolean',
  SQLiteText: 'text',
  SQLiteTextJson: 'JSON text',
  SQLiteBlobBuffer: 'bytes',
};
const pgTypes: Record<string, string> = {
  'PgInteger integer': 'integer',
  // Same numbers in JavaScript (mode 'number'); for ids and epoch milliseconds past 2^31.
  'PgBigInt53 bigint': 'integer',
  'PgTimestamp timestamp (3) with time zone': 'timestamp',
  'PgBoolean boolean': 'boolean',
  'PgText text': 'text',
  // The custom types of schema-pg/_columns.ts.
  'PgCustomColumn text': 'JSON text',
  'PgCustomColumn bytea': 'bytes',
  'PgCustomColumn tsvector': 'tsvector',
};

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

/** The tables a schema module exports, by their SQL names. */
export function tablesOf(schema: Record<string, unknown>): {
  sqlite: Map<string, SQLiteTable>;
  pg: Map<string, PgTable>;
} {
  const sqlite = new Map<string, SQLiteTable>();
  const pg = new Map<string, PgTable>();
  for (const value of Object.values(schema)) {
    if (is(value, SQLiteTable)) sqlite.set(getSqliteTableConfig(value).name, value);
    if (is(value, PgTable)) pg.set(getPgTableConfig(value).name, value);
  }
  return { sqlite, pg };
}

const sentence = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ');
const list = (names: string[]) => `(${names.join(', ')})`;

function column(type: string, c: AnySQLiteColumn | AnyPgColumn, numbered: boolean): ColumnShape {
  return {
    type,
    notNull: c.notNull,
    hasDefault: c.hasDefault,
    default: JSON.stringify(c.default) ?? 'none',
    numbered,
    generated: c.generated !== undefined,
    unique: c.isUnique,
    enum: c.enumValues?.join(', ') ?? 'none',
  };
}

export function sqliteShape(table: SQLiteTable): TableShape {
  const config = getSqliteTableConfig(table);
  const render = (s: SQL) => sqliteDialect.sqlToQuery(s).sql;
  const columns = new Map(
    config.columns.map((c) => [
      c.name,
      column(
        sqliteTypes[c.columnType] ?? `unmapped ${c.columnType}`,
        c,
        'autoIncrement' in c && c.autoIncrement === true,
      ),
    ]),
  );
  const constraints = new Map<string, string>();
  const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
  if (primary.length > 0) constraints.set('primary key', list(primary));
  for (const key of config.primaryKeys) {
    constraints.set('primary key', `${list(key.columns.map((c) => c.name))} ${key.getName()}`);
  }
  for (const index of config.indexes) {
    const { name, unique, where } = index.config;
    const on = index.config.columns.map((c) => (is(c, SQL) ? render(c) : c.name));
    constraints.set(
      `index ${name}`,
      sentence([unique && 'unique', 'on', list(on), where && `where ${render(where)}`]),
    );
  }
  for (const key of config.uniqueConstraints) {
    constraints.set(`unique ${key.getName()}`, list(key.columns.map((c) => c.name)));
  }
  for (const check of config.checks) constraints.set(`check ${check.name}`, render(check.value));
  for (const key of config.foreignKeys) {
    const ref = key.reference();
    constraints.set(
      `foreign key ${key.getName()}`,
      sentence([
        list(ref.columns.map((c) => c.name)),
        'references',
        getSqliteTableConfig(ref.foreignTable).name + list(ref.foreignColumns.map((c) => c.name)),
        `on delete ${key.onDelete ?? 'no action'}`,
        `on update ${key.onUpdate ?? 'no action'}`,
      ]),
    );
  }
  return { columns, constraints };
}

/** A PostgreSQL index column in SQLite's words: plain ascending columns only (SQLite's has no more). */
function indexedColumn(c: Partial<IndexedColumn>): string {
  const { order = 'asc', nulls = 'last', opClass } = c.indexConfig ?? {};
  return sentence([
    c.name,
    order !== 'asc' && order,
    nulls !== 'last' && `nulls ${nulls}`,
    opClass && `using ${opClass}`,
  ]);
}

export function pgShape(table: PgTable): TableShape {
  const config = getPgTableConfig(table);
  const render = (s: SQL) => pgDialect.sqlToQuery(s).sql;
  const columns = new Map(
    config.columns.map((c) => [
      c.name,
      column(
        pgTypes[`${c.columnType} ${c.getSQLType()}`] ?? `unmapped ${c.getSQLType()}`,
        c,
        c.generatedIdentity?.type === 'byDefault',
      ),
    ]),
  );
  const constraints = new Map<string, string>();
  const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
  if (primary.length > 0) constraints.set('primary key', list(primary));
  for (const key of config.primaryKeys) {
    constraints.set('primary key', `${list(key.columns.map((c) => c.name))} ${key.getName()}`);
  }
  for (const index of config.indexes) {
    const { name, unique, where, method } = index.config;
    const on = index.config.columns.map((c) =>
      is(c, SQL) ? render(c) : indexedColumn(c as Partial<IndexedColumn>),
    );
    constraints.set(
      `index ${name ?? ''}`,
      sentence([
        unique && 'unique',
        method !== undefined && method !== 'btree' && `using ${method}`,
        'on',
        list(on),
        where && `where ${render(where)}`,
      ]),
    );
  }
  for (const key of config.uniqueConstraints) {
    constraints.set(`unique ${key.getName()}`, list(key.columns.map((c) => c.name)));
  }
  for (const check of config.checks) constraints.set(`check ${check.name}`, render(check.value));
  for (const key of config.foreignKeys) {
    const ref = key.reference();
    constraints.set(
      `foreign key ${key.getName()}`,
      sentence([
        list(ref.columns.map((c) => c.name)),
        'references',
        getPgTableConfig(ref.foreignTable).name + list(ref.foreignColumns.map((c) => c.name)),
        `on delete ${key.onDelete ?? 'no action'}`,
        `on update ${key.onUpdate ?? 'no action'}`,
      ]),
    );
  }
  return { columns, constraints };
}

/** Every way two shapes of one table differ, one sentence each ('users: column bio only in SQLite'). */
export function tableDifferences(name: string, sqlite: TableShape, pg: TableShape): string[] {
  const found: string[] = [];
  const names = (a: Map<string, unknown>, b: Map<string, unknown>) => [
    ...new Set([...a.keys(), ...b.keys()]),
  ];
  for (const columnName of names(sqlite.columns, pg.columns)) {
    const a = sqlite.columns.get(columnName);
    const b = pg.columns.get(columnName);
    if (!a || !b) {
      found.push(`${name}: column ${columnName} only in ${a ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    for (const field of Object.keys(a) as (keyof ColumnShape)[]) {
      if (a[field] !== b[field]) {
        found.push(
          `${name}: column ${columnName} ${field} is ${String(a[field])} in SQLite, ${String(b[field])} in PostgreSQL`,
        );
      }
    }
  }
  for (const what of names(sqlite.constraints, pg.constraints)) {
    const a = sqlite.constraints.get(what);
    const b = pg.constraints.get(what);
    if (a === undefined || b === undefined) {
      found.push(`${name}: ${what} only in ${a === undefined ? 'PostgreSQL' : 'SQLite'}`);
    } else if (a !== b) {
      found.push(`${name}: ${what} is ${a} in SQLite, ${b} in PostgreSQL`);
    }
  }
  return found;
}
