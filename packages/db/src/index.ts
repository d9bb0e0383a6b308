export * from './schema';
export { createDb, createTestDb, type Db, type DbRuntime, type Tx, type Executor } from './client';
export { runMigrations, migrationsFolder } from './migrate';
export type { Dialect } from './dialect/dialect';
/** The dialect of this build's database: every SQLite-only statement the services use. */
export { sqliteDialect as dialect } from './dialect/sqlite';
/** Its PostgreSQL twin: the same statements, the same results. */
export { pgDialect } from './dialect/pg';
// PostgreSQL (DATABASE_URL=postgres://…): its schema is './schema-pg', imported on its own so that a
// SQLite build loads none of it.
export { createPgDb, type PgDb, type PgDbOptions } from './pg-client';
export { runPgMigrations, pgMigrationsFolder } from './pg-migrate';
export { appendEvents, OUTBOX_CHANNEL, type NewPgEvent, type PgTx } from './pg-outbox';
