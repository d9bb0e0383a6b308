export * from './schema';
export { createDb, createTestDb, type Db, type DbRuntime, type Tx, type Executor } from './client';
export { runMigrations, migrationsFolder } from './migrate';
