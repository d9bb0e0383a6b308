import { createApiDeps } from '@app/api';
import { closeDatabase, openDatabase, type Db } from '@app/db';
import { createSandbox } from '@app/sandbox';
import { isFreshSite, seedDemoContent } from '@app/seed';
import { rateLimitsOf, type ServerConfig } from './config';

/** The database the settings name: PostgreSQL at DATABASE_URL, else the SQLite file. */
export function openConfiguredDatabase(config: ServerConfig): Promise<Db> {
  return openDatabase({
    path: config.databasePath,
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    runtime: { ...config.runtime?.db, checkpointInBackground: true },
  });
}

/**
 * What must happen once before several processes serve one database (WORKERS, cluster.ts): the
 * migrations, and the demo content of a fresh database, written through the API's procedures as
 * startServer writes it. Two processes seeding at once would both find the database empty.
 */
export async function prepareDatabase(config: ServerConfig): Promise<void> {
  const db = await openConfiguredDatabase(config);
  try {
    if (!config.seedDemo || !(await isFreshSite(db))) return;
    const sandbox = createSandbox({ worker: config.runtime?.sandboxWorker });
    try {
      const deps = await createApiDeps(db, {
        sandbox,
        limits: rateLimitsOf(config),
        caps: config.caps,
        scryptLogN: config.scryptLogN,
      });
      try {
        await seedDemoContent(deps, { onlyIfEmpty: true });
      } finally {
        await deps.events.close();
      }
    } finally {
      await sandbox.close();
    }
  } finally {
    await closeDatabase(db);
  }
}
