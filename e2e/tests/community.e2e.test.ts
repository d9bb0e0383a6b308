import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin';
import {
  createAnswer,
  createComment,
  createQuestion,
  createUser,
  type ApiUser,
} from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, screenshot, uniqueTag } from '../support/browser';
import { settled, signInAs } from '../support/flows';

/**
 * Taking back your words, closing duplicates and profiles that show the work, as two people and a
 * moderator see them: similar questions while asking, deleting and undeleting an answer (live for the
 * other reader), editing a comment, closing a question as a duplicate, and a profile's tabs.
 */

let browser: Browser;
let alice: ApiUser;
let bob: ApiUser;
let carol: ApiUser;
let mod: ApiUser;
const topic = uniqueTag('dates');
let original: { id: number; title: string };
let copy: { id: number; title: string };

async function open(user: ApiUser, path: string, viewport?: { width: number; height: number }) {
  const page = await newUser(browser, viewport);
  await signInAs(page, user);
  await page.goto(path);
  return page;
}

const postOf = (page: Page, text: string) =>
  page.locator('li.post--answer').filter({ hasText: text });

beforeAll(async () => {
  browser = await launchBrowser();
  [alice, bob, carol, mod] = await Promise.all([
    createUser('alice'),
    createUser('bob'),
    createUser('carol'),
    createUser('mod'),
  ]);
  original = await createQuestion(alice, {
    title: `How do I parse ISO dates in JavaScript ${topic}`,
    text: 'I get strings like 2026-11-26T10:00:00Z and need Date objects.',
    tags: [topic],
  });
  copy = await createQuestion(carol, {
    title: `Parsing ISO date strings into Date objects ${topic}`,
    text: 'How do I turn an ISO string into a Date?',
    tags: [topic],
  });
});
afterAll(async () => {
  await browser.close();
});

describe('while asking', () => {
  it('suggests existing questions like the title before the question is posted', async () => {
    const page = await open(bob, '/new/question');
    await page.getByLabel('Question Title').fill(`parse ISO dates JavaScript ${topic}`);
    const similar = page.getByRole('region', { name: /Similar questions/ });
    await similar.getByRole('link', { name: original.title }).waitFor();
    await screenshot(page, 'similar-questions');
    await page.close();
  });
});

describe('taking back your words', () => {
  it('an author deletes their answer: it leaves the other reader’s page live, and comes back on Undelete', async () => {
    const text = `Use new Date(string): ISO strings parse natively ${topic}`;
    await createAnswer(bob, original.id, text);
    const reader = await open(carol, `/question/${original.id}`);
    const author = await open(bob, `/question/${original.id}`);
    await postOf(reader, text).waitFor();
    await settled(author);
    await postOf(author, text).getByRole('button', { name: 'Delete' }).click();
    const dialog = author.getByRole('dialog', { name: 'Delete this answer?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await author
      .getByText('Deleted by its author. Only the author and moderators can see it.')
      .waitFor();
    await postOf(reader, text).waitFor({ state: 'detached' });
    await screenshot(author, 'deleted-answer-author-view');
    await postOf(author, text).getByRole('button', { name: 'Undelete' }).click();
    await postOf(reader, text).waitFor();
    await reader.close();
    await author.close();
  });

  it('a comment’s author edits it within five minutes, and it says edited', async () => {
    await createComment(carol, { type: 'question', id: original.id }, 'Which time zone?');
    const page = await open(carol, `/question/${original.id}`);
    const comment = page.locator('li.comment').filter({ hasText: 'Which time zone?' });
    await settled(page);
    await comment.getByRole('button', { name: 'Edit' }).click();
    const box = page.getByLabel('Edit comment');
    await box.fill('Which time zone are the strings in?');
    await page.getByRole('button', { name: 'Save' }).click();
    const edited = page
      .locator('li.comment')
      .filter({ hasText: 'Which time zone are the strings in?' });
    await edited.getByText('(edited)').waitFor();
    await page.close();
  });
});

describe('closing duplicates', () => {
  it('a moderator closes a question as a duplicate: a banner links the original and answers stop, live', async () => {
    const granted = await runAdmin(['grant', mod.username]);
    expect(granted.code).toBe(0);
    const reader = await open(bob, `/question/${copy.id}`);
    await reader.getByRole('link', { name: 'Answer Question' }).waitFor();
    const page = await open(mod, `/question/${copy.id}`);
    await settled(page);
    await page.getByRole('button', { name: 'Close as duplicate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close as a duplicate' });
    await dialog
      .getByLabel('Original question (link or number)')
      .fill(`http://example.test/question/${original.id}`);
    await dialog.getByRole('button', { name: 'Close as duplicate' }).click();
    const banner = reader
      .getByRole('note')
      .filter({ hasText: 'This question already has an answer here:' });
    await banner.getByRole('link', { name: original.title }).waitFor();
    await reader.getByText('This question is closed: it does not take new answers.').waitFor();
    expect(await reader.getByRole('link', { name: 'Answer Question' }).count()).toBe(0);
    await screenshot(reader, 'closed-as-duplicate');
    expect(await seriousA11yViolations(reader)).toEqual([]);
    await reader.close();
    await page.close();
  });
});

describe('a profile that shows the work', () => {
  it('lists the person’s answers with their question, and the tags they post under', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const page = await open(alice, `/user/${bob.username}`, viewport);
      await page.getByRole('tab', { name: 'Answers' }).click();
      await page.getByRole('tabpanel').getByRole('link', { name: original.title }).waitFor();
      await page.getByRole('tab', { name: 'Tags' }).click();
      await page.getByRole('tabpanel').getByRole('link', { name: topic }).waitFor();
      await screenshot(page, `profile-tabs-${viewport.width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
