// `pnpm db:seed`: adds the demo content to the database the server uses (existing rows are left alone).
import { createApiDeps } from '@app/api';
import { closeDb, createDb } from '@app/db';
import { createSandbox } from '@app/sandbox';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoContent } from './demo';

// The server's rule (apps/server config): DATABASE_PATH relative to the repository root.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const databasePath = resolve(repoRoot, process.env.DATABASE_PATH ?? 'data/app.db');

const db = createDb(databasePath);
// The demo's problems and submissions are run and measured by the sandbox, as the server does.
const sandbox = createSandbox();
try {
  await seedDemoContent(await createApiDeps(db, { sandbox }), { onlyIfEmpty: false });
} finally {
  await sandbox.close();
  closeDb(db);
}
console.log(`Demo content is in ${databasePath}`);
