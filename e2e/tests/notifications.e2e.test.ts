import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComment, createQuestion, createUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import {
  baseURL,
  launchBrowser,
  newUser,
  screenshot,
  uniqueName,
  uniqueTag,
} from '../support/browser';
import {
  bell,
  bellName,
  markDocument,
  notificationPanel,
  notReloaded,
  settled,
  signUp,
} from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('notifications', () => {
  it('the asker is told live of an answer that mentions them, opens it at the answer, accepts it; the answerer is told live of the acceptance and of a direct message', async () => {
    const asker = await newUser(browser);
    const answerer = await newUser(browser, { width: 375, height: 800 });
    const askerName = uniqueName('asker');
    const answererName = uniqueName('helper');
    await signUp(asker, askerName);
    await signUp(answerer, answererName);
    expect(await bellName(asker)).toBe('Notifications, none unread');

    const word = uniqueTag('bell');
    const title = `Why does my bell never ring ${word}`;
    await asker.goto('/new/question');
    await asker.getByLabel('Question Title').fill(title);
    await asker
      .getByLabel('Question Text')
      .fill('The count stays at zero however many replies arrive.');
    await asker.getByLabel('Tags').fill(uniqueTag('events'));
    await asker.getByRole('button', { name: 'Post Question' }).click();
    await asker.waitForURL((url) => url.pathname === '/home');
    await asker.getByRole('link', { name: title }).click();
    await asker.waitForURL(/\/question\/\d+$/);
    const questionPath = new URL(asker.url()).pathname;
    // The asker waits on the question list.
    await asker.goto('/home');
    await markDocument(asker);

    // The answerer answers, mentioning the asker by name.
    await answerer.goto(questionPath.replace('/question/', '/new/answer/'));
    const answerText = `@${askerName} you subscribe after the first fetch ${word}`;
    await answerer.getByLabel('Answer Text').fill(answerText);
    await answerer.getByRole('button', { name: 'Post Answer' }).click();
    await answerer.waitForURL(`**${questionPath}`);
    await answerer.locator('.post--answer').first().waitFor();
    const answerId = (await answerer.locator('.post--answer').first().getAttribute('id')) ?? '';
    expect(answerId).toMatch(/^answer-\d+$/);

    // The asker's bell counts it without a reload, and the panel lists it (once: the answer's
    // mention of the asker is the same news).
    await expect.poll(() => bellName(asker)).toBe('Notifications, 1 unread');
    expect(await notReloaded(asker)).toBe(true);
    await bell(asker).click();
    const item = notificationPanel(asker).getByRole('link', {
      name: new RegExp(`^${answererName} answered your question ‘${title}’`),
    });
    await item.waitFor();
    expect(
      await notificationPanel(asker)
        .getByRole('link')
        .filter({ hasText: 'answered your question' })
        .count(),
    ).toBe(1);
    await item.getByText('Unread').waitFor();
    expect(await seriousA11yViolations(asker)).toEqual([]);
    await screenshot(asker, 'notifications-bell-1280', false);

    // Opening it goes to the answer (scrolled to and focused) and reads it.
    await item.click();
    await asker.waitForURL(`**${questionPath}#${answerId}`);
    const answer = asker.locator(`#${answerId}`);
    await answer.getByText('you subscribe after the first fetch').waitFor();
    await expect.poll(() => answer.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await answer.isVisible()).toBe(true);
    await expect.poll(() => bellName(asker)).toBe('Notifications, none unread');
    expect(await notificationPanel(asker).isVisible()).toBe(false);
    await screenshot(asker, 'notifications-opened-answer-1280', false);

    // The asker accepts the answer: the answerer, on another page, is told live.
    await answerer.goto('/home');
    await markDocument(answerer);
    await settled(asker);
    await answer.getByRole('button', { name: 'Accept this answer' }).click();
    await expect.poll(() => bellName(answerer)).toBe('Notifications, 1 unread');
    await bell(answerer).click();
    await notificationPanel(answerer)
      .getByRole('link', { name: new RegExp(`${askerName} accepted your answer to ‘${title}’`) })
      .waitFor();
    expect(await seriousA11yViolations(answerer)).toEqual([]);
    await screenshot(answerer, 'notifications-bell-375', false);
    await answerer.keyboard.press('Escape');
    expect(await notificationPanel(answerer).isVisible()).toBe(false);
    await expect
      .poll(() => answerer.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications, 1 unread');

    // The asker sends the answerer a direct message: the answerer's bell counts it.
    await asker.goto('/messaging/direct-message');
    await asker.getByRole('button', { name: 'Start a Chat' }).click();
    await asker.getByLabel('Search users to chat with').fill(answererName);
    await asker.getByRole('radio', { name: answererName }).check();
    await asker.getByRole('button', { name: 'Create New Chat' }).click();
    await asker.waitForURL((url) => url.searchParams.has('chat'));
    const chatId = new URL(asker.url()).searchParams.get('chat') ?? '';
    const hello = `Thanks, it rings now ${word}`;
    await asker.getByLabel('Type a message...').fill(hello);
    await asker.getByLabel('Type a message...').press('Enter');
    await expect.poll(() => bellName(answerer)).toBe('Notifications, 2 unread');
    expect(await notReloaded(answerer)).toBe(true);

    // The whole list, on its page; the message opens the chat, and reading the chat reads it.
    await bell(answerer).click();
    await notificationPanel(answerer).getByRole('link', { name: 'See all notifications' }).click();
    await answerer.waitForURL('**/notifications');
    await answerer.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const message = answerer
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`${askerName} sent you a direct message`) });
    await message.getByText(hello).waitFor();
    expect(await seriousA11yViolations(answerer)).toEqual([]);
    await screenshot(answerer, 'notifications-page-375');
    await message.click();
    await answerer.waitForURL(
      (url) =>
        url.pathname === '/messaging/direct-message' && url.searchParams.get('chat') === chatId,
    );
    await answerer.getByRole('log').getByText(hello, { exact: true }).waitFor();
    await expect.poll(() => bellName(answerer)).toBe('Notifications, 1 unread');

    // Mark all as read empties the count.
    await answerer.goto('/notifications');
    await answerer.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bellName(answerer)).toBe('Notifications, none unread');
    expect(await answerer.getByRole('main').getByText('Unread').count()).toBe(0);

    // The asker's own page at full width.
    await asker.goto('/notifications');
    await asker
      .getByRole('main')
      .getByRole('link', { name: /answered your question/ })
      .waitFor();
    await screenshot(asker, 'notifications-page-1280');
  });

  it('a count read before a live notification and answered after it does not put the older number back', async () => {
    const owner = await createUser('owner');
    const commenter = await createUser('commenter');
    const question = await createQuestion(owner, {
      title: `A question to comment on ${uniqueTag('race')}`,
      text: 'Comments on it notify the asker.',
      tags: [uniqueTag('race')],
    });
    const page = await newUser(browser);
    await page.context().addCookies([{ name: 'qa_session', value: owner.session, url: baseURL() }]);

    // The stream's start, seen on the wire.
    let streamId: unknown = null;
    let started: () => void = () => {};
    const streamStarted = new Promise<void>((resolve) => (started = resolve));
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        for (const message of [JSON.parse(String(payload))].flat() as Record<string, unknown>[]) {
          const params = message.params as { path?: string } | undefined;
          if (params?.path === 'notification.onChange') streamId = message.id;
        }
      });
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { id?: unknown; result?: { type?: string } };
        if (streamId !== null && message.id === streamId && message.result?.type === 'started')
          started();
      });
    });
    // Every count read made before the notification exists is read from the server at once (so it
    // holds the older number) and answered only after the page has shown the live notification.
    let commented = false;
    const held: { fulfill: () => Promise<void> }[] = [];
    await page.route(/\/trpc\/[^?]*notification\.unreadCount/, async (route) => {
      if (commented) return route.continue();
      const response = await route.fetch();
      held.push({ fulfill: () => route.fulfill({ response }) });
    });

    await page.goto('/home');
    await streamStarted;
    // The start's own read of the count is under way, and held.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    commented = true;
    await createComment(commenter, { type: 'question', id: question.id }, 'Noticed while loading');
    await expect.poll(() => bellName(page), { timeout: 5000 }).toBe('Notifications, 1 unread');
    expect(held.length).toBeGreaterThan(0);
    // The older answers arrive now; a read the page gave up on cannot be answered any more.
    for (const read of held) await read.fulfill().catch(() => undefined);
    // A second notification is the barrier: the older number, had it been put back, would show as
    // 1 (or 0) instead of 2 once it arrives.
    await createComment(commenter, { type: 'question', id: question.id }, 'And a second one');
    await expect.poll(() => bellName(page), { timeout: 5000 }).toBe('Notifications, 2 unread');
    await page.context().close();
  });
});
