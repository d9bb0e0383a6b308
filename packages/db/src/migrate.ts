import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export function runMigrations(db: BetterSQLite3Database<Record<string, unknown>>): void {
  migrate(db, { migrationsFolder });
}
