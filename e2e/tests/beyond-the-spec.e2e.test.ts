import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, screenshot, uniqueName, uniqueTag } from '../support/browser';
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

// The quality bar of a daily user as one flow, in two browsers: the asker at 1280 px, the answerer on a phone.
describe('beyond the spec: code, answers, notifications, acceptance and edits together', () => {
  it('asks with a fenced code block and sees it highlighted; another user answers and mentions the asker; the asker sees the notification live, accepts the answer, and edits the question; the revision history shows the change', async () => {
    const asker = await newUser(browser);
    const answerer = await newUser(browser, { width: 375, height: 800 });
    const askerName = uniqueName('asker');
    const answererName = uniqueName('helper');
    await signUp(asker, askerName);
    await signUp(answerer, answererName);
    expect(await bellName(asker)).toBe('Notifications, none unread');

    // The asker asks with a fenced js block through the form, previewed while typing.
    const word = uniqueTag('beyond');
    const title = `Why is my array empty after forEach ${word}`;
    const text = [
      'I push inside `forEach`, but `names` stays empty:',
      '',
      '```js',
      'const names = [];',
      'users.forEach(async (user) => {',
      '  names.push((await load(user.id)).name); // runs later',
      '});',
      '```',
    ].join('\n');
    // .first(): on an empty site the 'No Questions Found' state offers the same link again.
    await asker.getByRole('link', { name: 'Ask a Question' }).first().click();
    await asker.waitForURL('**/new/question');
    await asker.getByLabel('Question Title').fill(title);
    await asker.getByLabel('Question Text').fill(text);
    await asker
      .getByRole('region', { name: 'Preview' })
      .locator('pre code.language-js .hljs-keyword')
      .first()
      .waitFor();
    await asker.getByLabel('Tags').fill(uniqueTag('async'));
    await asker.getByRole('button', { name: 'Post Question' }).click();
    await asker.waitForURL((url) => url.pathname === '/home');

    // The question page shows the code highlighted.
    await asker.getByRole('link', { name: title }).click();
    await asker.waitForURL(/\/question\/\d+$/);
    const questionPath = new URL(asker.url()).pathname;
    await asker.getByRole('heading', { name: title, level: 1 }).waitFor();
    const code = asker.locator('.question-page .post__text').first().locator('pre > code.hljs');
    await code.waitFor();
    expect(await code.getAttribute('class')).toContain('language-js');
    expect(await code.locator('.hljs-keyword').first().textContent()).toBe('const');
    expect(await code.locator('.hljs-comment').allTextContents()).toEqual(['// runs later']);
    // The asker stays on the question page, which must never reload from here on.
    await markDocument(asker);

    // The answerer finds the question from the list and answers, mentioning the asker.
    await answerer.goto('/home');
    await answerer.getByRole('link', { name: title }).click();
    await answerer.waitForURL(`**${questionPath}`);
    await answerer.getByRole('heading', { name: title, level: 1 }).waitFor();
    await settled(answerer);
    await answerer.getByRole('link', { name: 'Answer Question' }).click();
    await answerer.waitForURL(`**${questionPath.replace('/question/', '/new/answer/')}`);
    const answerText = `@${askerName} the callbacks are async: use for...of with await ${word}`;
    await answerer.getByLabel('Answer Text').fill(answerText);
    await answerer.getByRole('button', { name: 'Post Answer' }).click();
    // Posting is no reason to ask about leaving: straight back to the question.
    await answerer.waitForURL(`**${questionPath}`);
    expect(await answerer.getByRole('dialog', { name: 'Leave without posting?' }).count()).toBe(0);
    const posted = answerer.locator('.post--answer', { hasText: 'use for...of with await' });
    await posted.waitFor();
    const answerId = (await posted.getAttribute('id')) ?? '';
    expect(answerId).toMatch(/^answer-\d+$/);
    await markDocument(answerer);

    // The asker's bell counts it live (one notification: the mention is the same news).
    await expect.poll(() => bellName(asker)).toBe('Notifications, 1 unread');
    await asker.locator(`#${answerId}`).getByText('use for...of with await').waitFor();
    expect(await notReloaded(asker)).toBe(true);
    await bell(asker).click();
    const panel = notificationPanel(asker);
    const item = panel.getByRole('link', {
      name: new RegExp(`^${answererName} answered your question ‘${title}’`),
    });
    await item.waitFor();
    await screenshot(asker, 'beyond-the-spec-bell-1280', false);
    // Opening it goes to the answer on the same page and reads it.
    await item.click();
    await asker.waitForURL(`**${questionPath}#${answerId}`);
    await expect.poll(() => bellName(asker)).toBe('Notifications, none unread');
    await settled(asker);

    // The asker accepts the answer; the answerer sees the mark live and is told in their bell.
    const answer = asker.locator(`#${answerId}`);
    const accept = answer.getByRole('button', { name: 'Accept this answer' });
    await accept.click();
    await expect.poll(() => accept.getAttribute('aria-pressed')).toBe('true');
    await answerer.locator(`#${answerId}`).getByText('Accepted answer', { exact: true }).waitFor();
    await expect.poll(() => bellName(answerer)).toBe('Notifications, 1 unread');
    expect(await notReloaded(answerer)).toBe(true);

    // The asker edits the question: a new title and a fixed code block.
    await asker.getByRole('link', { name: 'Edit question' }).click();
    await asker.waitForURL(`**${questionPath}/edit`);
    const titleField = asker.getByLabel('Question Title');
    expect(await titleField.inputValue()).toBe(title);
    expect(await asker.getByLabel('Question Text').inputValue()).toBe(text);
    const newTitle = `Why is my array empty after an async forEach ${word}`;
    const newText = text.replace('stays empty:', 'stays empty when I log it right after:');
    await titleField.fill(newTitle);
    await asker.getByLabel('Question Text').fill(newText);
    await asker.getByRole('button', { name: 'Save Edits' }).click();
    await asker.waitForURL(`**${questionPath}`);
    expect(await asker.getByRole('dialog', { name: 'Leave without posting?' }).count()).toBe(0);
    await asker.getByRole('heading', { name: newTitle, level: 1 }).waitFor();
    // Still highlighted after the edit.
    await asker
      .locator('.question-page .post__text')
      .first()
      .locator('pre > code.hljs .hljs-keyword')
      .first()
      .waitFor();

    // The answerer's page follows the edit live; its 'edited' link opens the history.
    await answerer.getByRole('heading', { name: newTitle, level: 1 }).waitFor();
    await answerer.getByText('when I log it right after').waitFor();
    expect(await notReloaded(answerer)).toBe(true);
    await asker.getByRole('link', { name: /^edited / }).click();
    await asker.waitForURL(`**${questionPath}/revisions`);
    await asker.getByRole('heading', { name: 'Revisions', level: 1 }).waitFor();
    const revision = asker.getByRole('article', { name: 'Edit 1 of 1' });
    await revision.getByRole('link', { name: askerName }).waitFor();
    await revision.locator('ins', { hasText: 'async' }).first().waitFor();
    await revision.locator('ins', { hasText: 'when I log it right after' }).first().waitFor();
    await screenshot(asker, 'beyond-the-spec-revisions-1280');

    await asker.context().close();
    await answerer.context().close();
  });
});
