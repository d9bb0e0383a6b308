// The router, service and server suites once more, on PostgreSQL (`npm test` runs them on SQLite
// first): DATABASE_URL names a real server, on which every test file makes databases of its own
// and drops them. TEST_DATABASE_URL names another server; its role must be allowed to create
// databases. The packages/db tests run both databases side by side in their one run.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const env = { ...process.env, DATABASE_URL: url };

for (const pkg of ['@app/api', '@app/seed', '@app/server']) {
  console.log(`\n${pkg} on PostgreSQL`);
  const run = spawnSync('pnpm', ['--filter', pkg, 'exec', 'vitest', 'run'], {
    stdio: 'inherit',
    env,
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
