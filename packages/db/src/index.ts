export * from './schema';
export { createDb, createTestDb, type Db, type DbRuntime, type Tx, type Executor } from './client';
export { runMigrations, migrationsFolder } from './migrate';
export type { Dialect } from './dialect/dialect';
/** The dialect of this build's database: every SQLite-only statement the services use. */
export { sqliteDialect as dialect } from './dialect/sqlite';
// PostgreSQL's client, migrations, outbox and dialect: `@app/db/pg` (src/pg.ts).
