import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// From source, packages/db/drizzle; in the server bundle (apps/server/dist), the copy beside it.
const candidates = ['../drizzle', './drizzle'].map((folder) =>
  fileURLToPath(new URL(folder, import.meta.url)),
);
export const migrationsFolder =
  candidates.find((folder) => existsSync(join(folder, 'meta', '_journal.json'))) ??
  (candidates[0] as string);

export function runMigrations(
  db: BetterSQLite3Database<Record<string, unknown>>,
  folder: string = migrationsFolder,
): void {
  migrate(db, { migrationsFolder: folder });
}
