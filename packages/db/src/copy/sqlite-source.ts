import Database from 'better-sqlite3';
import { and, count, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { existsSync } from 'node:fs';
import { migrationsFolder as codeMigrationsFolder } from '../migrate';
import { CopyStopped } from './copy-stopped';
import type { TablePair } from './table-pairs';

export type Row = Record<string, unknown>;

/** A SQLite site opened for reading only, at one moment: every read sees the same snapshot. */
export interface SqliteSource {
  /**
   * Up to `limit` rows after a rowid, in rowid order, as the SQLite schema maps them (Dates,
   * booleans, Buffers, parsed JSON); only the given keys, and only rows where one of
   * `nonNullKeys` is set when those are given.
   */
  readRows(
    pair: TablePair,
    options: { afterRowid: number; limit: number; keys: string[]; nonNullKeys?: string[] },
  ): { rows: Row[]; lastRowid: number };
  countRows(pair: TablePair): number;
  /** The highest id each AUTOINCREMENT table has handed out, deleted rows included (sqlite_sequence). */
  highWaterMarks(): Map<string, number>;
  close(): void;
}

const ROWID = '__copy_rowid';

/**
 * Opens the site's file read-only (nothing here can migrate or change it) and checks that its
 * migrations are exactly this code's: the copy reads it through this code's schema.
 */
export function openSqliteSource(
  path: string,
  migrationsFolder: string = codeMigrationsFolder,
): SqliteSource {
  if (!existsSync(path)) throw new CopyStopped(`There is no SQLite database at ${path}.`);
  let sqlite: Database.Database;
  try {
    // Read-only never writes the database file; on a WAL file, SQLite may still leave an empty
    // -wal and a -shm beside it (a read-only connection cannot remove them at close).
    sqlite = new Database(path, { readonly: true, fileMustExist: true });
    sqlite.pragma('schema_version'); // the first read: a file that is not SQLite fails here
  } catch (error) {
    throw new CopyStopped(`${path} cannot be read as a SQLite database (${String(error)}).`);
  }
  try {
    checkMigrations(sqlite, path, migrationsFolder);
    // One read transaction for the whole copy: a server still writing to the file (it should be
    // stopped) cannot make the tables disagree with each other. A deferred BEGIN takes its snapshot
    // at the first read.
    sqlite.exec('begin');
    sqlite.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = drizzle(sqlite);

  return {
    readRows(pair, { afterRowid, limit, keys, nonNullKeys }) {
      const columns = getTableColumns(pair.sqlite);
      const selection: Record<string, SQLiteColumn | SQL> = { [ROWID]: sql<number>`rowid` };
      for (const key of keys) selection[key] = columns[key] as SQLiteColumn;
      const filter = nonNullKeys?.length
        ? sql.join(
            nonNullKeys.map((key) => sql`${columns[key]} is not null`),
            sql` or `,
          )
        : undefined;
      const found = db
        .select(selection)
        .from(pair.sqlite)
        .where(and(sql`rowid > ${afterRowid}`, filter && sql`(${filter})`))
        .orderBy(sql`rowid`)
        .limit(limit)
        .all();
      let lastRowid = afterRowid;
      const rows = found.map(({ [ROWID]: rowid, ...row }) => {
        lastRowid = rowid as number;
        return row;
      });
      return { rows, lastRowid };
    },
    countRows(pair) {
      return db.select({ n: count() }).from(pair.sqlite).get()?.n ?? 0;
    },
    highWaterMarks() {
      const hasSequences = sqlite
        .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'")
        .get();
      if (!hasSequences) return new Map();
      const rows = sqlite.prepare('select name, seq from sqlite_sequence').all() as {
        name: string;
        seq: number;
      }[];
      return new Map(rows.map((row) => [row.name, Number(row.seq)]));
    },
    close() {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      sqlite.close();
    },
  };
}

function checkMigrations(sqlite: Database.Database, path: string, migrationsFolder: string): void {
  const hasJournal = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!hasJournal)
    throw new CopyStopped(
      `${path} has no migrations table: it is not this site's database, or its server never opened it.`,
    );
  const applied = new Set(
    (sqlite.prepare('select created_at from __drizzle_migrations').pluck().all() as unknown[]).map(
      Number,
    ),
  );
  const known = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const newer = [...applied].filter((created) => !known.includes(created));
  if (newer.length > 0)
    throw new CopyStopped(
      `${path} has ${newer.length} migration(s) this code does not know: it was written by a newer version of the site; copy it with that version.`,
    );
  const missing = known.filter((created) => !applied.has(created));
  if (missing.length > 0)
    throw new CopyStopped(
      `${path} has ${known.length - missing.length} of this code's ${known.length} migrations: start this version's server on it once (it migrates at start), stop it, and copy again.`,
    );
}
