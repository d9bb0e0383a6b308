/**
 * BENCH_DATABASE=postgres (run.ts sets it for the benches it runs twice): the server serves a
 * PostgreSQL copy of the bench's SQLite database instead of the file, on the server at
 * BENCH_PG_URL (else TEST_DATABASE_URL, else 127.0.0.1:5432 as the postgres role). The seeded
 * site is copied into PostgreSQL once (db:copy's code) and kept there as a template, so each run
 * starts from a fresh copy of it, as each SQLite run starts from a fresh copy of the file.
 */
import { createTestPgDatabase, copySqliteToPg } from '@app/db/pg';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import pg from 'pg';

export const benchOnPostgres = process.env.BENCH_DATABASE === 'postgres';

const serverUrl =
  process.env.BENCH_PG_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

const urlOf = (database: string) =>
  Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

/** The seeded file's identity: its size and header (SQLite's change counter and schema cookie). */
function fingerprint(path: string): string {
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  return createHash('sha256')
    .update(String(statSync(path).size))
    .update(header)
    .digest('hex')
    .slice(0, 12);
}

/** The PostgreSQL copy of a seeded SQLite file, made once per seed and kept as a template. */
async function templateOf(path: string): Promise<string> {
  const name = `qa_bench_${fingerprint(path)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 1) return name;
    const building = `${name}_building_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const started = Date.now();
    console.log(`copying the bench database into PostgreSQL (${name}), once for this seed`);
    await copySqliteToPg({ from: path, to: urlOf(building) });
    // Statistics for the planner, as a site that grew to this size would have them by now.
    const copy = new pg.Client({ connectionString: urlOf(building) });
    await copy.connect();
    await copy.query('vacuum analyze');
    await copy.end();
    await admin.query(`alter database "${building}" rename to "${name}"`);
    console.log(`copied in ${Math.round((Date.now() - started) / 1000)} s`);
    return name;
  } finally {
    await admin.end();
  }
}

const made = new Map<string, Promise<{ url: string; drop(): Promise<void> }>>();

/**
 * The PostgreSQL database standing in for a bench's SQLite file: a copy of its seeded site, or (a
 * file not written yet) a new migrated database. Every server of one bench database shares it.
 */
export function postgresFor(databasePath: string): Promise<{ url: string }> {
  let database = made.get(databasePath);
  if (!database) {
    database = (async () => {
      const seeded = existsSync(databasePath) && statSync(databasePath).size > 0;
      return createTestPgDatabase(
        serverUrl,
        seeded ? { template: await templateOf(databasePath) } : {},
      );
    })();
    made.set(databasePath, database);
  }
  return database;
}

/** Drops the PostgreSQL database of a bench database, if it had one. */
export async function dropPostgresFor(databasePath: string): Promise<void> {
  const database = made.get(databasePath);
  made.delete(databasePath);
  await (await database)?.drop();
}
