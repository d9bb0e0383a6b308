// `pnpm db:seed`: adds the demo content to the database the server uses (existing rows are left alone).
import { createDb } from '@app/db';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoContent } from './demo';

// The server's rule (apps/server/src/config.ts): DATABASE_PATH relative to the repository root.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const databasePath = resolve(repoRoot, process.env.DATABASE_PATH ?? 'data/app.db');

const db = createDb(databasePath);
await seedDemoContent(db, { onlyIfEmpty: false });
db.$client.close();
console.log(`Demo content is in ${databasePath}`);
