import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';

// Tests against a real PostgreSQL: each makes databases of its own on the server, and drops them.

export const pgServerUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A connection to the server's maintenance database, which creates and drops the test databases. */
export async function connectPgAdmin(): Promise<Client> {
  const admin = new Client({ connectionString: pgServerUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${pgServerUrl} (${String(error)}). These tests need a real one: ` +
        'on Debian, `apt-get install postgresql` and `pg_ctlcluster --skip-systemctl-redirect <version> main start` ' +
        '(.ci/run does both), with trust for 127.0.0.1 in pg_hba.conf; or set TEST_DATABASE_URL to a ' +
        'postgres:// URL whose role may create databases.',
    );
  }
  return admin;
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

let made = 0;

/** A new empty database named for the test and this process, so parallel runs never meet. */
export async function createThrowawayDatabase(
  admin: Client,
  prefix: string,
): Promise<ThrowawayDatabase> {
  made += 1;
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${made}`;
  await admin.query(`create database "${name}"`);
  return {
    name,
    url: Object.assign(new URL(pgServerUrl), { pathname: `/${name}` }).toString(),
    async drop() {
      // A pool's end() resolves before its connections are gone; dropping with force under them
      // would make them fail loudly, so wait for them to leave first.
      for (let tries = 0; tries < 50; tries += 1) {
        const open = await admin.query<{ count: string }>(
          'select count(*) from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]?.count === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * One throwaway database for a whole test file: created before its tests, dropped after them once
 * `close` (which ends the file's pools) has run. `url` is set once the file's beforeAll has run.
 */
export function useThrowawayDatabase(
  prefix: string,
  close: () => Promise<void> = async () => {},
): { url: string } {
  const handle = { url: '' };
  let admin: Client | undefined;
  let database: ThrowawayDatabase | undefined;
  beforeAll(async () => {
    admin = await connectPgAdmin();
    database = await createThrowawayDatabase(admin, prefix);
    handle.url = database.url;
  });
  afterAll(async () => {
    await close();
    await database?.drop();
    await admin?.end();
  });
  return handle;
}
