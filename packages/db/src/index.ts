export * from './tables';
export {
  closeDatabase,
  databaseAnswers,
  databaseOpen,
  openDatabase,
  openTestDatabase,
  type OpenDatabaseOptions,
} from './open';
export {
  closeDb,
  createDb,
  createTestDb,
  WRITES_PER_COMMIT,
  type Db,
  type DbRuntime,
  type Tx,
  type Executor,
  type Writer,
} from './client';
export { WriteLock } from './write-lock';
export { boundTo, firstRow, returnedRow } from './rows';
export { runMigrations, migrationsFolder } from './migrate';
export type { Dialect } from './dialect/dialect';
/** The dialect of this process's database: every statement the services need that dialects spell differently. */
export { dialect } from './dialect/chosen';
// PostgreSQL's client, migrations, outbox and dialect: `@app/db/pg` (src/pg.ts).
