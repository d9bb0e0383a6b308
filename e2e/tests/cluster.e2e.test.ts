import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, screenshot, uniqueName, uniqueTag } from '../support/browser';
import { askQuestion, markDocument, notReloaded, signUp } from '../support/flows';

// README "Serving from PostgreSQL": scripts/cluster.sh starts, on this machine, the layout of several
// hosts — a PostgreSQL and a Redis of its own, two servers on them, HAProxy in front — and stops
// them all. Two people use the site through the balancer, each reaching either server.

const script = resolve(import.meta.dirname, '../../scripts/cluster.sh');

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

let cluster: ChildProcess;
let output = '';
let url = '';
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  cluster = spawn(script, [], {
    env: { ...process.env, PORT: String(port), SEED_DEMO: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cluster.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cluster.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Built already (npm test builds before the browser tests), it is up in some ten seconds.
  const deadline = Date.now() + 120_000;
  while (!/the site is at|did not answer|missing|needs Node/.test(output) && Date.now() < deadline)
    await new Promise((done) => setTimeout(done, 250));
  if (!output.includes(`the site is at ${url}`))
    throw new Error(`scripts/cluster.sh did not start the site:\n${output}`);
  browser = await launchBrowser();
}, 150_000);

afterAll(async () => {
  await browser?.close();
  if (cluster && cluster.exitCode === null) {
    cluster.kill('SIGTERM');
    await new Promise((done) => cluster.once('exit', done));
  }
});

describe('scripts/cluster.sh', () => {
  it('serves through HAProxy from two servers on PostgreSQL and Redis: both answer health checks', async () => {
    const processes = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const health = (await (
        await fetch(`${url}/healthz`, { headers: { accept: 'application/json' } })
      ).json()) as { status: string; process: string; redis: string };
      expect(health).toMatchObject({ status: 'ok', redis: 'up' });
      processes.add(health.process);
    }
    expect(processes.size).toBe(2);
  });

  it('a question asked by one person reaches another person’s open list live, whichever server each reached', async () => {
    const asker = await newUser(browser, undefined, url);
    const reader = await newUser(browser, undefined, url);
    await signUp(asker, uniqueName('asker'));
    await signUp(reader, uniqueName('reader'));
    await markDocument(reader);
    const title = `Does the balancer keep us together? ${uniqueName('q')}`;
    await askQuestion(asker, { title, text: 'Two servers, one database.', tags: uniqueTag('pg') });
    await expect.poll(() => reader.getByRole('link', { name: title }).count()).toBe(1);
    expect(await notReloaded(reader)).toBe(true);
    await screenshot(reader, 'cluster-live-list', false);
    await asker.context().close();
    await reader.context().close();
  });

  it('stops everything it started on SIGTERM', async () => {
    cluster.kill('SIGTERM');
    const code = await new Promise<number | null>((done) => cluster.once('exit', done));
    expect(code).toBe(0);
    expect(output).toContain('cluster: stopping');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
