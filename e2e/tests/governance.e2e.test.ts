import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import {
  createAnswer,
  createQuestion,
  createUser,
  voteOnQuestion,
  type ApiUser,
} from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, screenshot, uniqueTag } from '../support/browser';
import { markDocument, notReloaded, settled, signInAs } from '../support/flows';

/**
 * The community governs itself: a user flags a spam answer, a moderator (granted from the command
 * line) deletes it from the review queue and suspends its author, the author can no longer post,
 * and the asker's reputation follows an upvote and an accept. One story, told in order: each `it`
 * is one step of it and builds on the ones before.
 */

let browser: Browser;
let alice: ApiUser; // asks
let bob: ApiUser; // answers with spam
let carol: ApiUser; // flags it
let dave: ApiUser; // answers well
let mod: ApiUser; // becomes a moderator
let question: { id: number; title: string };
let spamAnswer: { id: number };
let goodAnswer: { id: number };
let carolPage: Page;
let bobPage: Page;
let modPage: Page;
let suspensionStarted: number;

const SPAM = 'Cheap watches, best prices, visit my shop today!!!';
const QUESTION_TEXT = 'Every request times out after exactly thirty seconds, whatever I set.';

beforeAll(async () => {
  browser = await launchBrowser();
  [alice, bob, carol, dave, mod] = await Promise.all([
    createUser('alice'),
    createUser('bob'),
    createUser('carol'),
    createUser('dave'),
    createUser('mod'),
  ]);
  question = await createQuestion(alice, {
    title: `Why does my request time out after 30 s ${uniqueTag('gov')}`,
    text: QUESTION_TEXT,
    tags: [uniqueTag('timeout')],
  });
  spamAnswer = await createAnswer(bob, question.id, SPAM);
  goodAnswer = await createAnswer(
    dave,
    question.id,
    'The proxy in front of your server has its own 30 second read timeout: raise it there too.',
  );
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as the user, open on the question. */
async function onQuestion(user: ApiUser, viewport?: { width: number; height: number }) {
  const page = await newUser(browser, viewport);
  await signInAs(page, user);
  await page.goto(`/question/${question.id}`);
  await page.getByRole('heading', { name: question.title, level: 1 }).waitFor();
  await settled(page);
  return page;
}

const answerOf = (page: Page, answer: { id: number }) => page.locator(`#answer-${answer.id}`);
/** The reputation shown next to a name on the page (the first time the name is shown). */
const reputationBy = (page: Page, username: string): Locator =>
  page
    .locator('.author-with-reputation')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) })
    .first()
    .locator('.reputation');
const reputationTitle = (page: Page, username: string) =>
  reputationBy(page, username).getAttribute('title');
const suspendedSentence = (date: string) =>
  `Your account is suspended until ${date} (UTC). You can read, but not post, vote or edit until then.`;
/** YYYY-MM-DD (UTC) of a moment `days` days after `ms`. */
const dayAfter = (ms: number, days: number) =>
  new Date(ms + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('governance', () => {
  it('a user flags a spam answer as spam and is thanked; nobody is offered a flag on their own post', async () => {
    // The spammer's page stays open on the question for the rest of the story.
    bobPage = await onQuestion(bob);
    await answerOf(bobPage, spamAnswer).getByText(SPAM).waitFor();
    expect(await answerOf(bobPage, spamAnswer).getByRole('button', { name: 'Flag' }).count()).toBe(
      0,
    );
    await answerOf(bobPage, goodAnswer).getByRole('button', { name: 'Flag' }).waitFor();
    await markDocument(bobPage);

    carolPage = await onQuestion(carol);
    const answer = answerOf(carolPage, spamAnswer);
    await answer.getByText(SPAM).waitFor();
    await answer.getByRole('button', { name: 'Flag' }).click();
    const form = answer.getByRole('form', { name: 'Flag this post' });
    await form.waitFor();
    // Nothing is sent before a reason is chosen.
    expect(await form.getByRole('button', { name: 'Flag' }).isDisabled()).toBe(true);
    await form.getByRole('radio', { name: 'Spam' }).check();
    await form.getByLabel('Reason (optional)').fill('Advertises a shop');
    await form.getByRole('button', { name: 'Flag' }).click();
    await answer
      .getByRole('status')
      .filter({ hasText: 'Thanks — your flag was received.' })
      .waitFor({ timeout: 10_000 });
    expect(await form.count()).toBe(0);
    await markDocument(carolPage);
  });

  it('a user granted moderator from the command line sees Review in the menu at once, without a reload', async () => {
    modPage = await newUser(browser);
    await signInAs(modPage, mod);
    await modPage.goto('/home');
    const menu = modPage.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Questions' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Review' }).count()).toBe(0);

    const granted = await runAdmin(['grant', mod.username]);
    expect(granted.stderr).toBe('');
    expect(granted.stdout.trim()).toBe(`${mod.username} is now a moderator.`);
    expect(granted.code).toBe(0);
    // Granting again changes nothing and says so.
    const again = await runAdmin(['grant', mod.username]);
    expect(again.stdout.trim()).toBe(`${mod.username} is already a moderator.`);
    expect(again.code).toBe(0);

    // The grant goes through the outbox: the server tells the open page.
    await menu.getByRole('link', { name: 'Review' }).waitFor({ timeout: 10_000 });
  });

  it('the moderator sees the flagged answer in context in the review queue, suspends its author and deletes it', async () => {
    await modPage
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Review' })
      .click();
    await modPage.waitForURL((url) => url.pathname === '/review');
    await modPage.getByRole('heading', { name: 'Review', level: 1 }).waitFor();
    const item = modPage
      .getByRole('list', { name: 'Flagged items' })
      .getByRole('listitem', { name: `Answer by ${bob.username} · ${question.title}` });
    await item.waitFor({ timeout: 10_000 });
    // The item in context: what it is, who wrote it, its question (a link to the answer), its text.
    await item
      .getByRole('link', { name: question.title })
      .and(modPage.locator(`[href="/question/${question.id}#answer-${spamAnswer.id}"]`))
      .waitFor();
    await item.getByText(SPAM).waitFor();
    const flags = item.getByRole('list', { name: 'Flags' }).getByRole('listitem');
    expect(await flags.count()).toBe(1);
    expect(await flags.first().innerText()).toMatch(
      new RegExp(`^Spam by ${carol.username}, .+: “Advertises a shop”$`),
    );
    await settled(modPage);
    await screenshot(modPage, 'review-queue');

    // The queue is accessible on a desktop and on a phone.
    expect(await seriousA11yViolations(modPage)).toEqual([]);
    await modPage.setViewportSize({ width: 375, height: 800 });
    expect(await seriousA11yViolations(modPage)).toEqual([]);
    await screenshot(modPage, 'review-queue-375');
    await modPage.setViewportSize({ width: 1280, height: 800 });

    // Suspend the author first: once deleted, the answer leaves the queue, and with it the action.
    await item.getByRole('button', { name: 'Suspend author' }).click();
    const suspend = item.getByRole('form', { name: `Suspend ${bob.username}` });
    await suspend.getByLabel('Days').fill('7');
    await suspend.getByLabel('Reason').fill('Spam');
    suspensionStarted = Date.now();
    await suspend.getByRole('button', { name: `Suspend ${bob.username}` }).click();
    await suspend.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await item.getByRole('alert').count()).toBe(0);

    await item.getByRole('button', { name: 'Delete' }).click();
    // Deleting settles its flag: the queue is empty.
    await modPage.getByText('No flags waiting for review.').waitFor({ timeout: 10_000 });
    expect(await item.count()).toBe(0);
  });

  it('the suspended author sees the banner and the deletion live, and can no longer post; the answer is gone for everyone else', async () => {
    // The banner reaches the open page without a reload.
    const banner = bobPage
      .getByRole('alert')
      .filter({ hasText: /^Your account is suspended until/ });
    await banner.waitFor({ timeout: 10_000 });
    const date = /suspended until (\d{4}-\d{2}-\d{2}) \(UTC\)/.exec(await banner.innerText())?.[1];
    expect([dayAfter(suspensionStarted, 7), dayAfter(Date.now(), 7)]).toContain(date);
    expect(await banner.innerText()).toBe(`Your account is suspended until ${date} (UTC): Spam`);

    // Their answer is still theirs to see, marked as a moderator's deletion.
    await answerOf(bobPage, spamAnswer)
      .getByRole('note')
      .filter({ hasText: 'Deleted by a moderator. Only the author and moderators can see it.' })
      .waitFor({ timeout: 10_000 });
    expect(await notReloaded(bobPage)).toBe(true);
    await screenshot(bobPage, 'governance-deleted-for-author');

    // Everyone else's page loses it, live; a reload agrees.
    await answerOf(carolPage, spamAnswer).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await notReloaded(carolPage)).toBe(true);
    await answerOf(carolPage, goodAnswer).waitFor();
    await carolPage.reload();
    await answerOf(carolPage, goodAnswer).waitFor();
    expect(await carolPage.getByText(SPAM).count()).toBe(0);

    // Posting an answer is refused with the suspension's sentence, and the text is kept.
    await bobPage.getByRole('link', { name: 'Answer Question' }).click();
    await bobPage.waitForURL(`**/new/answer/${question.id}`);
    const text = 'Even better watches, now half price.';
    await bobPage.getByLabel('Answer Text').fill(text);
    await bobPage.getByRole('button', { name: 'Post Answer' }).click();
    await bobPage
      .getByRole('alert')
      .filter({ hasText: `Error while posting the answer: ${suspendedSentence(date ?? '')}` })
      .waitFor({ timeout: 10_000 });
    expect(new URL(bobPage.url()).pathname).toBe(`/new/answer/${question.id}`);
    expect(await bobPage.getByLabel('Answer Text').inputValue()).toBe(text);
    await banner.waitFor();
    await screenshot(bobPage, 'governance-suspended-answer');
  });

  it("the asker's reputation follows an upvote on the question and an accepted answer, next to their name and on their profile", async () => {
    const page = await onQuestion(alice);
    await markDocument(page);
    await expect.poll(() => reputationTitle(page, alice.username)).toBe('Reputation: 1');
    expect(await reputationTitle(page, dave.username)).toBe('Reputation: 1');
    // The deleted answer is not shown to the asker either.
    await answerOf(page, goodAnswer).waitFor();
    expect(await answerOf(page, spamAnswer).count()).toBe(0);
    await page.getByRole('heading', { name: '1 answer', level: 2 }).waitFor();

    // Voting on one's own question is refused, and earns nothing.
    await page
      .getByRole('group', { name: 'Votes' })
      .getByRole('button', { name: 'Upvote' })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Error while voting: You can't vote on your own question." })
      .waitFor({ timeout: 10_000 });
    expect(await reputationTitle(page, alice.username)).toBe('Reputation: 1');

    // Someone else's upvote: +10, shown without a reload.
    await voteOnQuestion(dave, question.id, 'up');
    await expect.poll(() => reputationTitle(page, alice.username)).toBe('Reputation: 11');
    await expect
      .poll(() =>
        page.getByRole('group', { name: 'Votes' }).locator('.vote-box__count').textContent(),
      )
      .toBe('1');

    // Accepting an answer: +2 for the asker, +15 for the answerer.
    await settled(page);
    await answerOf(page, goodAnswer).getByRole('button', { name: 'Accept this answer' }).click();
    await answerOf(page, goodAnswer).getByText('Accepted answer').waitFor({ timeout: 10_000 });
    await expect.poll(() => reputationTitle(page, alice.username)).toBe('Reputation: 13');
    await expect.poll(() => reputationTitle(page, dave.username)).toBe('Reputation: 16');
    expect(await reputationBy(page, alice.username).innerText()).toMatch(/13$/);
    expect(await notReloaded(page)).toBe(true);
    await screenshot(page, 'governance-question');

    // The profile shows the same number, and the Reputation tab lists the changes, newest first.
    await page.getByRole('link', { name: alice.username, exact: true }).first().click();
    await page.waitForURL(`**/user/${alice.username}`);
    await page.getByRole('heading', { name: alice.username, level: 1 }).waitFor();
    await page.locator('.profile__facts').getByTitle('Reputation: 13').waitFor();
    // Clicked until it is the selected tab: a click while the page still settles (its profile
    // read answering) can be lost, and the check right after a click can run before React's update.
    const reputationTab = page.getByRole('tab', { name: 'Reputation' });
    await expect
      .poll(async () => {
        await reputationTab.click();
        return reputationTab.getAttribute('aria-selected');
      })
      .toBe('true');
    const history = page.getByRole('list', { name: 'Reputation history' }).getByRole('listitem');
    await history.first().waitFor({ timeout: 10_000 });
    const lines = (await history.allInnerTexts()).map((line) => line.replace(/\s+/g, ' ').trim());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^\\+2 You accepted an answer: ${reEscape(question.title)} `),
    );
    expect(lines[1]).toMatch(
      new RegExp(`^\\+10 Your question was upvoted: ${reEscape(question.title)} `),
    );
    await history.first().getByRole('link', { name: question.title }).waitFor();
    await screenshot(page, 'governance-profile-reputation');
  });

  it('the audit log lists the grant, the deletion and the suspension, with the moderator and the author', async () => {
    await modPage.getByRole('link', { name: 'Audit log' }).click();
    await modPage.waitForURL((url) => url.pathname === '/review/log');
    await modPage.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const table = modPage.getByRole('table', { name: 'Moderator actions' });
    await table.waitFor({ timeout: 10_000 });
    // Other tests' moderators act at the same time: this test's rows are the ones about its users.
    const cells = async (action: string, user: string) => {
      const row = table
        .getByRole('row')
        .filter({ has: modPage.getByRole('cell', { name: action, exact: true }) })
        .filter({ has: modPage.getByRole('cell', { name: user, exact: true }) });
      expect(await row.count()).toBe(1);
      return (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
    };
    // When, Moderator, Action, On, User, Details.
    const deletion = await cells('delete', bob.username);
    expect(deletion.slice(1)).toEqual([
      mod.username,
      'delete',
      `answer ${spamAnswer.id}`,
      bob.username,
      '',
    ]);
    const suspension = await cells('suspend', bob.username);
    expect(suspension.slice(1, 3)).toEqual([mod.username, 'suspend']);
    expect(suspension[3]).toMatch(/^user \d+$/);
    expect(suspension.slice(4)).toEqual([bob.username, '7 days: Spam']);
    // The grant is logged once: granting again changed nothing.
    const grant = await cells('grant', mod.username);
    expect(grant.slice(1, 3)).toEqual([mod.username, 'grant']);
    expect(grant.slice(4)).toEqual([mod.username, 'from the command line']);
    expect(await seriousA11yViolations(modPage)).toEqual([]);
    await screenshot(modPage, 'review-log');
  });
});

/** A string as a regular expression matching exactly it. */
function reEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
