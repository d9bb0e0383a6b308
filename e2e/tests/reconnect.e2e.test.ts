import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newUser, uniqueName, uniqueTag } from '../support/browser';
import { askQuestion, markDocument, notReloaded, signUp } from '../support/flows';
import { startProxy, type CuttableProxy } from '../support/proxy';

let browser: Browser;
let proxy: CuttableProxy;
beforeAll(async () => {
  browser = await launchBrowser();
  proxy = await startProxy(baseURL());
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
});

describe('live updates after a lost connection', () => {
  it('a browser whose network drops gets the questions it missed, from the resumed subscription', async () => {
    // The reader reaches the server through a proxy the test can cut; the asker connects directly.
    const reader = await newUser(browser, undefined, proxy.url);
    const asker = await newUser(browser);
    await signUp(reader, uniqueName('reader'));
    await signUp(asker, uniqueName('asker'));
    await markDocument(reader);

    // One event seen live gives the reader a point to resume from.
    const tags = uniqueTag('resume');
    const before = `Before the cut ${uniqueName('q')}`;
    await askQuestion(asker, { title: before, text: 'Seen live.', tags });
    await reader.getByRole('link', { name: before }).waitFor();

    const listRequests: string[] = [];
    reader.on('request', (request) => {
      if (request.url().includes('question.list')) listRequests.push(request.url());
    });

    proxy.cut();
    await reader.getByText(/Reconnecting/).waitFor({ timeout: 15_000 });
    const during = `During the cut ${uniqueName('q')}`;
    await askQuestion(asker, { title: during, text: 'Missed while offline.', tags });
    proxy.restore();

    await reader.getByRole('link', { name: during }).waitFor({ timeout: 30_000 });
    expect(await notReloaded(reader)).toBe(true);
    // It came from the replayed events, not from fetching the list again.
    expect(listRequests).toEqual([]);
    await reader.getByText(/Reconnecting/).waitFor({ state: 'detached' });
    await reader.context().close();
    await asker.context().close();
  });
});
