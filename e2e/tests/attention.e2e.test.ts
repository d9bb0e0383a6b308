import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnswer,
  createChat,
  createQuestion,
  createUser,
  sendChatMessage,
  sendGlobalMessage,
  type ApiUser,
} from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, screenshot, uniqueTag } from '../support/browser';
import { bellName, signInAs } from '../support/flows';

// Issue 24, item 11 (Attention): the tab title shows "(n) " for what waits for the viewer (unread
// direct messages, unread notifications, games where it is their turn); the global chat shows an
// unread mark in the menu; a notification is read when its owner opens what it points to.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser signed in as a user made through the API, on `path`. */
async function openAs(user: ApiUser, path: string, viewport = { width: 1280, height: 800 }) {
  const page = await newUser(browser, viewport);
  await signInAs(page, user);
  await page.goto(path);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
/** The accessible name of a menu link: 'Messaging', or 'Messaging (new messages)' with the mark. */
const linkName = (page: Page, label: string) =>
  menu(page)
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .evaluate((link) => (link.textContent ?? '').replace(/\s+/g, ' ').trim());
const hasCount = (title: string) => /^\(\d+\+?\) /.test(title);

describe('attention', () => {
  it("a direct message makes the other person's tab title '(1) …'; opening the chat clears it", async () => {
    const alice = await createUser('alice');
    const bob = await createUser('bob');
    const bobsTab = await openAs(bob, '/users');
    await expect.poll(() => bobsTab.title()).toBe('Users - Fake Stack Overflow');

    const chat = await createChat(alice, bob.username);
    await sendChatMessage(alice, chat.id, 'Are you free for a game of Nim?');
    // Live: the message and its notification count once.
    await expect.poll(() => bobsTab.title()).toBe('(1) Users - Fake Stack Overflow');
    expect(await bellName(bobsTab)).toBe('Notifications, 1 unread');

    await bobsTab.goto(`/messaging/direct-message?chat=${chat.id}`);
    await bobsTab
      .getByRole('log')
      .getByText('Are you free for a game of Nim?', { exact: true })
      .waitFor();
    await expect.poll(() => bobsTab.title().then(hasCount)).toBe(false);
    await expect.poll(() => bellName(bobsTab)).toBe('Notifications, none unread');
    await bobsTab.context().close();
  });

  it('a global chat message marks Messaging in the other account’s menu until they open the chat, across a reload', async () => {
    const alice = await createUser('alice');
    const bob = await createUser('bob');
    // Bob has looked at the room once: what was there before is seen. (Other tests share this
    // server's room, so the mark is checked while Bob looks at it, not after he has left.)
    const bobsTab = await openAs(bob, '/messaging');
    await bobsTab.getByRole('heading', { name: 'Chat Room' }).waitFor();
    await expect.poll(() => linkName(bobsTab, 'Messaging')).toBe('Messaging');
    await bobsTab.goto('/home');

    await sendGlobalMessage(alice, `Hello room ${uniqueTag('g')}`);
    await expect.poll(() => linkName(bobsTab, 'Messaging')).toBe('Messaging (new messages)');
    // The mark is kept across a reload: nothing was seen yet.
    await bobsTab.reload();
    await expect.poll(() => linkName(bobsTab, 'Messaging')).toBe('Messaging (new messages)');
    expect(await seriousA11yViolations(bobsTab)).toEqual([]);
    await screenshot(bobsTab, 'attention-menu-mark-1280', false);

    // Opening the chat (Messaging leads to it) clears the mark, and a reload agrees.
    await menu(bobsTab)
      .getByRole('link', { name: /^Messaging/ })
      .click();
    await bobsTab.getByRole('heading', { name: 'Chat Room' }).waitFor();
    await expect.poll(() => linkName(bobsTab, 'Global Messages')).toBe('Global Messages');
    await expect.poll(() => linkName(bobsTab, 'Messaging')).toBe('Messaging');
    await bobsTab.reload();
    await bobsTab.getByRole('heading', { name: 'Chat Room' }).waitFor();
    await expect.poll(() => linkName(bobsTab, 'Messaging')).toBe('Messaging');
    await bobsTab.context().close();
  });

  it('the menu with the mark passes axe on a phone', async () => {
    const alice = await createUser('alice');
    const bob = await createUser('bob');
    const phone = await openAs(bob, '/messaging/direct-message', { width: 375, height: 800 });
    // A new account's first look takes the room as it is; news is what comes after (live). The
    // look is the room's newest message read once: a message sent while that read is under way is
    // part of the room as it finds it, so the test waits for the look (kept in this browser).
    await phone
      .getByRole('banner')
      .getByRole('status')
      .getByText('Live', { exact: true })
      .waitFor();
    await expect
      .poll(() =>
        phone.evaluate((me) => localStorage.getItem(`fso:global-chat-seen:${me}`), bob.username),
      )
      .not.toBeNull();
    await sendGlobalMessage(alice, `Hello phones ${uniqueTag('p')}`);
    await expect
      .poll(() => linkName(phone, 'Global Messages'))
      .toBe('Global Messages (new messages)');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'attention-menu-mark-375', false);
    await phone.context().close();
  });

  it('opening the question a notification points to reads it, live on the bell and in the title', async () => {
    const asker = await createUser('asker');
    const answerer = await createUser('helper');
    const question = await createQuestion(asker, {
      title: `Why is my tab title so quiet ${uniqueTag('t')}`,
      text: 'Nothing tells me when someone answers.',
      tags: [uniqueTag('title')],
    });
    const askersTab = await openAs(asker, '/home');
    await createAnswer(answerer, question.id, 'Count the unread notifications in the title.');
    await expect.poll(() => bellName(askersTab)).toBe('Notifications, 1 unread');
    await expect.poll(() => askersTab.title()).toMatch(/^\(1\) /);

    // Not through the bell: the question list's link opens the question page.
    await askersTab.getByRole('link', { name: question.title }).click();
    await askersTab.waitForURL(`**/question/${question.id}`);
    await expect.poll(() => bellName(askersTab)).toBe('Notifications, none unread');
    await expect.poll(() => askersTab.title().then(hasCount)).toBe(false);
    await askersTab.context().close();
  });
});
