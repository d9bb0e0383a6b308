export * from './schema';
export {
  closeDb,
  createDb,
  createTestDb,
  type Db,
  type DbRuntime,
  type Tx,
  type Executor,
  type Writer,
} from './client';
export { WriteLock } from './write-lock';
export { firstRow, returnedRow } from './rows';
export { runMigrations, migrationsFolder } from './migrate';
export type { Dialect } from './dialect/dialect';
/** The dialect of this build's database: every SQLite-only statement the services use. */
export { sqliteDialect as dialect } from './dialect/sqlite';
// PostgreSQL's client, migrations, outbox and dialect: `@app/db/pg` (src/pg.ts).
