import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createPgDb } from './pg-client';
import { pgMigrationsFolder } from './pg-migrate';

// Tests on PostgreSQL get a database each, as SQLite's get one in memory. Migrating each would cost
// a few hundred milliseconds; copying a migrated template costs a few tens.

/** The template's name follows the migrations, so a changed migration makes a new template. */
function templateName(): string {
  const journal = readFileSync(join(pgMigrationsFolder, 'meta', '_journal.json'));
  return `qa_template_${createHash('sha256').update(journal).digest('hex').slice(0, 12)}`;
}

const urlOf = (serverUrl: string, database: string) =>
  Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

// Every test process takes this lock on the server's maintenance database to make the template.
const TEMPLATE_LOCK = 0x71_61_74_65_6d_70n;
let made = 0;

async function ensureTemplate(admin: pg.Client, serverUrl: string, name: string): Promise<void> {
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (await exists()) return;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK.toString()]);
  try {
    if (await exists()) return;
    const building = `${name}_building_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const db = await createPgDb(urlOf(serverUrl, building), { poolSize: 1 });
    await db.$client.end();
    await admin.query(`alter database "${building}" rename to "${name}"`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK.toString()]);
  }
}

/**
 * A new database for one test, migrated (a copy of the template), and how to drop it. `template`
 * names another database to copy instead (one nobody is connected to: a benchmark's seeded site).
 */
export async function createTestPgDatabase(
  serverUrl: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${new URL(serverUrl).host} (${String(error)}): the tests on ` +
        "PostgreSQL need a real server whose role may create databases (.ci/run starts Debian's).",
    );
  }
  try {
    const template = options.template ?? templateName();
    if (!options.template) await ensureTemplate(admin, serverUrl, template);
    made += 1;
    const name = `qa_test_${process.pid}_${Date.now().toString(36)}_${made}`;
    for (let tries = 0; ; tries += 1) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // Another process copying the same template at this instant: copies wait for each other.
        if (tries >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
    return {
      url: urlOf(serverUrl, name),
      async drop() {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        try {
          // The pool's end answers before its connections have said goodbye: a forced drop while
          // one is still closing makes it fail loudly in the test's process. Wait (briefly) for them.
          for (let waited = 0; waited < 3000; waited += 50) {
            const open = await dropper.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where datname = $1',
              [name],
            );
            if (Number(open.rows[0]?.n ?? 0) === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          await dropper.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await dropper.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}
