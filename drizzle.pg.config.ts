import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts: `pnpm db:generate:pg` writes packages/db/drizzle-pg/,
// which createPgDb applies at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema-pg/index.ts',
  out: './packages/db/drizzle-pg',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
});
