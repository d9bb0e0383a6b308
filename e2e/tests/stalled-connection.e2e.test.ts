import type { Browser, Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, screenshot, uniqueName } from '../support/browser';
import { signUp } from '../support/flows';
import { freePort, waitForHealth } from '../support/server-process';

// Issue 24, item 13 (Connection honesty): a server that stops answering (frozen with SIGSTOP: its
// sockets stay open, nothing answers) is noticed — "Reconnecting…" within 10 s — and an action
// fails with a sentence within 10 s, can be retried, and is not done twice. This file freezes a
// server of its own, never the one the other tests share.

const root = resolve(import.meta.dirname, '../..');
const NO_ANSWER = 'The server did not answer in time. Please try again.';

/** The built server on a free port with a fresh database, as a child process this file controls. */
async function startOwnServer(): Promise<{ url: string; server: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-e2e-stalled-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dataDir, 'app.db'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(url, server);
  return { url, server, dataDir };
}

let browser: Browser;
let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
let frozen = false;

beforeAll(async () => {
  browser = await launchBrowser();
  own = await startOwnServer();
});
afterAll(async () => {
  // Whatever happened, the frozen server is woken and ended, so nothing is left stopped.
  if (own?.server.pid !== undefined && own.server.exitCode === null) {
    if (frozen) own.server.kill('SIGCONT');
    own.server.kill('SIGKILL');
  }
  await browser?.close();
  if (own) rmSync(own.dataDir, { recursive: true, force: true });
});

function freeze(server: ChildProcess) {
  server.kill('SIGSTOP');
  frozen = true;
}
function thaw(server: ChildProcess) {
  server.kill('SIGCONT');
  frozen = false;
}

/** The header's live-connection status: 'Live', 'Connecting…' or 'Reconnecting…'. */
const connection = (page: Page) => page.getByRole('banner').getByRole('status');
const log = (page: Page) => page.getByRole('log');
const timesShown = (page: Page, text: string) => log(page).getByText(text, { exact: true }).count();

describe('a server that stops answering', () => {
  it('shows "Reconnecting…" within 10 s, fails a send with a sentence within 10 s, and the retry after it wakes posts the message once', async () => {
    const { url, server } = own!;
    const page = await newUser(browser, { width: 1280, height: 800 }, url);
    await signUp(page, uniqueName('frozen'));
    await page.goto('/messaging');
    await connection(page).getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    const box = page.getByRole('textbox', { name: 'Type your message here' });
    const send = page.getByRole('button', { name: 'Send' });
    await box.fill('Before the freeze');
    await send.click();
    await log(page).getByText('Before the freeze', { exact: true }).waitFor();
    // Shown at once while sending: wait for the server's answer, or the freeze would catch it too.
    await log(page).getByText('sending…').waitFor({ state: 'detached' });

    freeze(server);
    const frozenAt = Date.now();
    const message = `Sent while frozen ${Date.now().toString(36)}`;
    await box.fill(message);
    await send.click();
    const sentAt = Date.now();

    // The silent socket is noticed: no pong comes, the socket is dropped.
    await connection(page).getByText('Reconnecting…').waitFor({ timeout: 10_000 });
    expect(Date.now() - frozenAt).toBeLessThan(10_000);
    await screenshot(page, 'stalled-reconnecting-1280', false);

    // The send fails with a sentence, in time; the text is back and Send can be pressed again.
    const alert = page.getByRole('alert').filter({ hasText: NO_ANSWER });
    await alert.waitFor({ timeout: 10_000 });
    expect(Date.now() - sentAt).toBeLessThan(10_000);
    expect(await alert.textContent()).toBe(`Error while sending the message: ${NO_ANSWER}`);
    expect(await box.inputValue()).toBe(message);
    expect(await send.isEnabled()).toBe(true);
    await screenshot(page, 'stalled-send-failed-1280', false);

    thaw(server);
    await connection(page).getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    // The retry: the same message again. The server may have posted the first send on waking (it
    // was waiting in its socket): either way the message shows once.
    await send.click();
    await log(page).getByText(message, { exact: true }).first().waitFor();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(await box.inputValue()).toBe('');
    // Long enough for a second copy to arrive live, were there one.
    await page.waitForTimeout(1500);
    expect(await timesShown(page, message)).toBe(1);
    await page.reload();
    await log(page).getByText('Before the freeze', { exact: true }).waitFor();
    expect(await timesShown(page, message)).toBe(1);
    await page.context().close();
  });
});
