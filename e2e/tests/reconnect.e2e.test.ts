import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChat,
  createNimGame,
  createUser,
  joinGame,
  sendChatMessage,
  type ApiUser,
} from '../support/api';
import {
  baseURL,
  launchBrowser,
  newUser,
  screenshot,
  uniqueName,
  uniqueTag,
} from '../support/browser';
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

/** A browser signed in as a user made through the API, reaching the server at `url`. */
async function signedIn(
  user: ApiUser,
  url = baseURL(),
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await newUser(browser, viewport, url);
  // The server's session cookie (apps/server/src/session.ts), as auth.signup set it.
  await page.context().addCookies([{ name: 'qa_session', value: user.session, url }]);
  return page;
}

/** The header's live-connection status: 'Live', 'Connecting…' or 'Reconnecting…'. */
const connection = (page: Page) => page.getByRole('banner').getByRole('status');

/** Cuts a page's network and waits until its header says so. */
async function cutOff(page: Page, through: CuttableProxy) {
  through.cut();
  await connection(page).getByText('Reconnecting…').waitFor({ timeout: 15_000 });
}

/** Restores a page's network and waits until the header is back to live. */
async function reconnect(page: Page, through: CuttableProxy) {
  through.restore();
  await connection(page).getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
  expect(await connection(page).getByText('Reconnecting…').count()).toBe(0);
}

/** From the next page load on, records every text the header's connection status shows. */
async function recordConnectionTexts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __connectionTexts?: string[] }).__connectionTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.app-header [role="status"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const connectionTexts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __connectionTexts?: string[] }).__connectionTexts ?? [],
  );

/** Records the calls a page makes to a tRPC procedure (over HTTP), from now on. */
function recordCalls(page: Page, procedure: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/trpc/`) && request.url().includes(procedure))
      calls.push(request.url());
  });
  return calls;
}

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

describe('the connection status in the header', () => {
  it('shows only Live on a normal load, and Connecting… while the socket cannot open', async () => {
    const dee = await createUser('dee');
    const wsProxy = await startProxy(baseURL());
    const page = await signedIn(dee, wsProxy.url);
    await recordConnectionTexts(page);
    await page.goto('/home');
    await connection(page).getByText('Live', { exact: true }).waitFor();
    // No warning flashes while the socket opens.
    expect(await connectionTexts(page)).toEqual(['Live']);
    await screenshot(page, 'reconnect-status-live', false);

    // Pages load but WebSockets cannot get through: it says so, and not that it lost a connection.
    wsProxy.cutWebSockets();
    await page.reload();
    await page.getByRole('link', { name: 'Ask a Question' }).first().waitFor();
    await connection(page).getByText('Connecting…').waitFor({ timeout: 15_000 });
    await screenshot(page, 'reconnect-status-connecting', false);
    wsProxy.restore();
    await connection(page).getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await connectionTexts(page)).toEqual(['Connecting…', 'Live']);

    await page.context().close();
    await wsProxy.close();
  });
});

describe('a chat after a lost connection', () => {
  // Twice in CI the first cut's "Reconnecting…" never showed: the cut failed a re-read of auth.me
  // under way, and the app then replaced the whole page (header included) with "We could not reach
  // the server". A failed re-read now keeps the page (AuthProvider). The second try stays until runs
  // confirm it; a failed try's page history is printed (setup/diagnostics.ts).
  it(
    'the reader gets every message sent while offline, once each and in order',
    { retry: 1 },
    async () => {
      const amy = await createUser('amy');
      const ben = await createUser('ben');
      const chat = await createChat(ben, amy.username);
      const earlier = `Earlier ${uniqueName('m')}`;
      await sendChatMessage(ben, chat.id, earlier);

      // Amy reads the chat through a proxy the test can cut; Ben writes over the API.
      const chatProxy = await startProxy(baseURL());
      const reader = await signedIn(amy, chatProxy.url);
      await reader.goto(`/messaging/direct-message?chat=${chat.id}`);
      const log = reader.getByRole('log', { name: `Chat with: ${ben.username} messages` });
      await log.getByText(earlier, { exact: true }).waitFor();
      await connection(reader).getByText('Live', { exact: true }).waitFor();
      await markDocument(reader);
      await screenshot(reader, 'reconnect-chat-live', false);

      // A cut before any live event: the page has no point to resume from, so it reads the chat again.
      await cutOff(reader, chatProxy);
      await screenshot(reader, 'reconnect-chat-reconnecting', false);
      const whileNew = [`First gap, one ${uniqueName('m')}`, `First gap, two ${uniqueName('m')}`];
      for (const msg of whileNew) await sendChatMessage(ben, chat.id, msg);
      await reconnect(reader, chatProxy);
      for (const msg of whileNew) await log.getByText(msg, { exact: true }).waitFor();

      // Seen live: from now on the stream resumes after the last message it delivered.
      const live = `Live ${uniqueName('m')}`;
      await sendChatMessage(ben, chat.id, live);
      await log.getByText(live, { exact: true }).waitFor();

      const refetches = recordCalls(reader, 'chat.messages');
      await cutOff(reader, chatProxy);
      const missed = [1, 2, 3].map((n) => `Missed ${n} ${uniqueName('m')}`);
      for (const msg of missed) await sendChatMessage(ben, chat.id, msg);
      await reconnect(reader, chatProxy);
      for (const msg of missed) await log.getByText(msg, { exact: true }).waitFor();
      // Replayed by the resumed subscription, not read again.
      expect(refetches).toEqual([]);

      // Every message once, in the order sent, with nothing left over.
      const sent = [earlier, ...whileNew, live, ...missed];
      const shown = await log.locator('.message__text').allTextContents();
      expect(shown.filter((text) => sent.includes(text))).toEqual(sent);
      expect(shown).toHaveLength(sent.length);
      expect(await notReloaded(reader)).toBe(true);
      await screenshot(reader, 'reconnect-chat-after', false);

      await reader.context().close();
      await chatProxy.close();
    },
  );
});

describe('a Nim game after a lost connection', () => {
  const remaining = (page: Page) => page.locator('.nim__remaining');
  const moveList = (page: Page) => page.locator('.nim__moves li').allTextContents();

  /** The player to move takes `count` objects; everyone connected sees `left` remain. */
  async function move(mover: Page, count: number, left: number, watchers: Page[]) {
    await mover.getByLabel(/^Objects to take/).fill(String(count));
    await mover.getByRole('button', { name: 'Submit Move' }).click();
    for (const page of [mover, ...watchers])
      await remaining(page)
        .filter({ hasText: new RegExp(`^${left}$`) })
        .waitFor();
  }

  it('a watcher and a player cut off see every move made meanwhile, once each', async () => {
    const [annUser, bobUser, cyUser] = await Promise.all([
      createUser('ann'),
      createUser('bob'),
      createUser('cy'),
    ]);
    const game = await createNimGame(annUser, { title: `Nim ${uniqueName('g').slice(-8)}` });
    await joinGame(annUser, game.id);
    await joinGame(bobUser, game.id);

    // Ann plays over a direct connection; Bob (her opponent) and Cy (watching) each through a proxy.
    const bobProxy = await startProxy(baseURL());
    const cyProxy = await startProxy(baseURL());
    const ann = await signedIn(annUser);
    const bob = await signedIn(bobUser, bobProxy.url);
    // Cy watches on a phone.
    const cy = await signedIn(cyUser, cyProxy.url, { width: 375, height: 800 });
    for (const page of [ann, bob, cy]) {
      await page.goto(`/games/${game.id}`);
      await page.getByText('Status: IN_PROGRESS').waitFor();
      await connection(page).getByText('Live', { exact: true }).waitFor();
      await markDocument(page);
    }
    await cy.getByText('You are watching this game.').waitFor();
    await move(ann, 3, 18, [bob, cy]);

    // Cy's network drops while both players move three times.
    const roomReads = recordCalls(cy, 'game.byId');
    await cutOff(cy, cyProxy);
    await screenshot(cy, 'reconnect-nim-watcher-375-reconnecting', false);
    await move(bob, 2, 16, [ann]);
    await move(ann, 1, 15, [bob]);
    await move(bob, 3, 12, [ann]);
    expect(await remaining(cy).textContent()).toBe('18');
    await reconnect(cy, cyProxy);
    await remaining(cy).filter({ hasText: /^12$/ }).waitFor();
    const annTook = (n: number) => `${annUser.username} took ${n}`;
    const bobTook = (n: number) => `${bobUser.username} took ${n}`;
    expect(await moveList(cy)).toEqual([annTook(3), bobTook(2), annTook(1), bobTook(3)]);
    // From the resumed room stream, not a new read of the game.
    expect(roomReads).toEqual([]);
    await screenshot(cy, 'reconnect-nim-watcher-375-after', false);

    // Bob's network drops on Ann's turn; her move reaches him once he is back, and he plays on.
    await cutOff(bob, bobProxy);
    await screenshot(bob, 'reconnect-nim-reconnecting', false);
    await move(ann, 2, 10, [cy]);
    await reconnect(bob, bobProxy);
    await remaining(bob).filter({ hasText: /^10$/ }).waitFor();
    await bob.getByText(`${bobUser.username} (you)`).waitFor();
    await move(bob, 1, 9, [ann, cy]);
    const all = [annTook(3), bobTook(2), annTook(1), bobTook(3), annTook(2), bobTook(1)];
    for (const page of [ann, bob, cy]) {
      expect(await moveList(page)).toEqual(all);
      expect(await notReloaded(page)).toBe(true);
    }
    await screenshot(bob, 'reconnect-nim-after', false);

    for (const page of [ann, bob, cy]) await page.context().close();
    await bobProxy.close();
    await cyProxy.close();
  });
});
