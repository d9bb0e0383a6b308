export * from './schema';
export { createDb, createTestDb, type Db, type Tx, type Executor } from './client';
export { runMigrations, migrationsFolder } from './migrate';
