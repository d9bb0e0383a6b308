import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TEST_BUILD_DIR } from './child-server';

/** Vitest's global setup: builds the server's bundle once for the tests that start it as a process. */
export default function buildTestServer(): void {
  const built = spawnSync(process.execPath, [join(import.meta.dirname, '../..', 'build.mjs')], {
    env: { ...process.env, SERVER_BUILD_DIR: TEST_BUILD_DIR },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.status !== 0)
    throw new Error('Building the server bundle for the process tests failed.');
}
