import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The root package.json's `admin` script (`node --import tsx apps/server/src/admin.ts`) as node's
 * arguments: what `npm run admin -- …` runs, read from the script itself so the two never drift.
 */
function adminScriptArgs(): string[] {
  const scripts = (
    JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [program, ...args] = (scripts.admin ?? '').trim().split(/\s+/);
  if (program !== 'node')
    throw new Error(`The admin script is not a node command: ${scripts.admin}`);
  return args;
}

/**
 * Runs `npm run admin -- <args…>` from the checkout against the test server's database (its
 * DATABASE_PATH, the same environment the server was started with), as someone at the server's
 * command line would; answers its exit code and output.
 */
export function runAdmin(args: string[], timeoutMs = 30_000): Promise<AdminRun> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [...adminScriptArgs(), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_PATH: inject('databasePath') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`npm run admin -- ${args.join(' ')} took over ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}
