// PostgreSQL (a postgres:// URL): an entry of its own (`@app/db/pg`), so a SQLite build loads none
// of it — neither drizzle's pg-core nor the PostgreSQL schema.
export { createPgDb, type PgDb, type PgDbOptions, type PgTx, type PgWriter } from './pg-client';
export { runPgMigrations, pgMigrationsFolder } from './pg-migrate';
export { appendEvents, OUTBOX_CHANNEL, type NewPgEvent } from './pg-outbox';
/** The PostgreSQL twin of the SQLite dialect: the same statements, the same results. */
export { pgDialect } from './dialect/pg';
export { createTestPgDatabase } from './pg-test-database';
export { copySqliteToPg } from './copy/copy-site';
