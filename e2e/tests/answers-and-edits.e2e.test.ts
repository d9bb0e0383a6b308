import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswer, createUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, screenshot, uniqueName, uniqueTag } from '../support/browser';
import { askQuestion, markDocument, notReloaded, settled, signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The answers on a question page, top to bottom, by their text's first line. */
const answerTexts = (page: Page) =>
  page
    .locator('.post--answer .post__text')
    .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim()));

const answerScore = (page: Page, text: string) =>
  page
    .locator('.post--answer', { hasText: text })
    .getByRole('group', { name: 'Answer score' })
    .locator('.vote-box__count')
    .textContent();

describe('answer votes, accepted answers and edits', () => {
  it('the asker upvotes and accepts an answer and edits the question; the answerer sees it live, with the history', async () => {
    const asker = await newUser(browser);
    const answerer = await newUser(browser, { width: 375, height: 800 });
    const askerName = uniqueName('asker');
    const answererName = uniqueName('helper');
    await signUp(asker, askerName);
    await signUp(answerer, answererName);

    const word = uniqueTag('marker');
    const title = `Sorting users by name ${word}`;
    const tag = uniqueTag('sort');
    await askQuestion(asker, {
      title,
      text: 'My list of users comes back in insertion order.',
      tags: tag,
    });
    await asker.getByRole('link', { name: title }).click();
    await asker.waitForURL(/\/question\/\d+$/);
    const questionPath = new URL(asker.url()).pathname;
    const qid = Number(questionPath.split('/').pop());
    await asker.getByRole('heading', { name: title, level: 1 }).waitFor();

    // An earlier answer by a third user, so the order switch has something to order.
    const early = await createUser('early');
    const earlyText = `An early answer: use a loop ${word}`;
    await createAnswer(early, qid, earlyText);

    // The answerer answers through the form and stays on the page.
    await answerer.goto(questionPath);
    await answerer.getByRole('heading', { name: title, level: 1 }).waitFor();
    await settled(answerer);
    await answerer.getByRole('link', { name: 'Answer Question' }).click();
    const answerText = `Sort with localeCompare ${word}`;
    await answerer.getByLabel('Answer Text').fill(answerText);
    await answerer.getByRole('button', { name: 'Post Answer' }).click();
    await answerer.waitForURL(`**${questionPath}`);
    await answerer.getByText('2 answers', { exact: true }).waitFor();
    await markDocument(answerer);
    // Not the asker: no accept button and no Edit on the question.
    expect(await answerer.getByRole('button', { name: 'Accept this answer' }).count()).toBe(0);
    expect(await answerer.getByRole('link', { name: 'Edit question' }).count()).toBe(0);

    // The asker sees the answer arrive, upvotes it and accepts it.
    await asker.getByText(answerText).waitFor();
    await settled(asker);
    const answer = asker.locator('.post--answer', { hasText: answerText });
    const upvote = answer.getByRole('button', { name: 'Vote this answer up' });
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => answerScore(asker, answerText)).toBe('1');
    // The question's own votes did not move.
    await expect
      .poll(() =>
        asker
          .getByRole('group', { name: 'Votes', exact: true })
          .locator('.vote-box__count')
          .textContent(),
      )
      .toBe('0');
    const accept = answer.getByRole('button', { name: 'Accept this answer' });
    expect(await accept.getAttribute('aria-pressed')).toBe('false');
    await accept.click();
    await expect.poll(() => accept.getAttribute('aria-pressed')).toBe('true');
    expect(await seriousA11yViolations(asker)).toEqual([]);

    // The answerer's page follows without a reload: the score, the accepted mark, the order.
    await expect.poll(() => answerScore(answerer, answerText)).toBe('1');
    const accepted = answerer.locator('.post--answer', { hasText: answerText });
    await accepted.getByText('Accepted answer', { exact: true }).waitFor();
    await expect.poll(() => answerTexts(answerer)).toEqual([answerText, earlyText]);
    expect(await notReloaded(answerer)).toBe(true);
    await screenshot(answerer, 'answers-accepted-live-375');

    // Oldest first puts the earlier answer on top; the default puts the accepted one there.
    await answerer.getByRole('button', { name: 'Oldest first' }).click();
    await expect.poll(() => answerTexts(answerer)).toEqual([earlyText, answerText]);
    await answerer.getByRole('button', { name: 'Highest score' }).click();
    await expect.poll(() => answerTexts(answerer)).toEqual([answerText, earlyText]);

    // The answerer cannot edit someone else's question, even by its URL.
    await answerer.goto(`${questionPath}/edit`);
    await answerer.getByText('Only the person who asked a question can edit it.').waitFor();
    await answerer.goto(questionPath);
    await answerer.getByRole('heading', { name: title, level: 1 }).waitFor();
    await markDocument(answerer);

    // The asker edits the question: the form starts from the current values.
    await asker.getByRole('link', { name: 'Edit question' }).click();
    await asker.waitForURL(`**${questionPath}/edit`);
    const titleField = asker.getByLabel('Question Title');
    expect(await titleField.inputValue()).toBe(title);
    // The same rules as asking, in the same words.
    await titleField.fill('');
    await asker.getByRole('button', { name: 'Save Edits' }).click();
    await asker.getByText('Title cannot be empty').waitFor();
    expect(await seriousA11yViolations(asker)).toEqual([]);
    const newTitle = `Sorting users alphabetically ${word}`;
    await titleField.fill(newTitle);
    await asker
      .getByLabel('Question Text')
      .fill('My list of users comes back in insertion order, not by last name.');
    await asker.getByRole('button', { name: 'Save Edits' }).click();
    await asker.waitForURL(`**${questionPath}`);
    await asker.getByRole('heading', { name: newTitle, level: 1 }).waitFor();

    // The answerer sees the edit in place, with the 'edited' link, comments and answers as they were.
    await answerer.getByRole('heading', { name: newTitle, level: 1 }).waitFor();
    await answerer.getByText('not by last name.').waitFor();
    expect(await notReloaded(answerer)).toBe(true);
    await answerer.getByText(answerText).waitFor();
    const edited = answerer.getByRole('link', { name: /^edited / });
    await edited.waitFor();

    // The history shows who changed what: inline first, then side by side.
    await edited.click();
    await answerer.waitForURL(`**${questionPath}/revisions`);
    await answerer.getByRole('heading', { name: 'Revisions', level: 1 }).waitFor();
    const revision = answerer.getByRole('article', { name: 'Edit 1 of 1' });
    await revision.getByRole('link', { name: askerName }).waitFor();
    // Removed and added words are marked, and named for screen readers.
    await revision.locator('del', { hasText: 'by name' }).first().waitFor();
    await revision.locator('ins', { hasText: 'alphabetically' }).first().waitFor();
    await revision.locator('ins', { hasText: 'not by last name' }).first().waitFor();
    expect(await revision.locator('del').first().textContent()).toMatch(/^\[removed: /);
    await screenshot(answerer, 'revisions-inline-375');
    await answerer.getByRole('button', { name: 'Side by side' }).click();
    await revision.getByText('Before', { exact: true }).first().waitFor();
    await revision.getByText('After', { exact: true }).first().waitFor();
    await screenshot(answerer, 'revisions-side-375');
    expect(await seriousA11yViolations(answerer)).toEqual([]);

    // The question list marks the question as having an accepted answer, in words too.
    await asker.goto(`/home?tag=${tag}`);
    const card = asker.locator('.question-card', {
      has: asker.getByRole('link', { name: newTitle }),
    });
    await card.locator('.question-card__stat--accepted').waitFor();
    expect(await card.locator('.question-card__stat--accepted').textContent()).toBe(
      '2 answers, one accepted',
    );

    await asker.context().close();
    await answerer.context().close();
  });

  it("an answer's author edits it; only they can, and its history shows the change", async () => {
    const author = await createUser('author');
    const asker = await newUser(browser);
    const answerer = await newUser(browser);
    await signUp(asker, uniqueName('asker'));
    const word = uniqueTag('edit');
    await askQuestion(asker, {
      title: `Why is my map empty? ${word}`,
      text: 'It stays empty.',
      tags: uniqueTag('maps'),
    });
    await asker.getByRole('link', { name: `Why is my map empty? ${word}` }).click();
    await asker.waitForURL(/\/question\/\d+$/);
    const questionPath = new URL(asker.url()).pathname;
    const qid = Number(questionPath.split('/').pop());
    const { id: answerId } = await createAnswer(author, qid, 'Call set, not push.');

    // The asker may accept it but not edit it: no Edit link, and the form refuses.
    await asker.getByText('Call set, not push.').waitFor();
    expect(await asker.getByRole('link', { name: 'Edit answer' }).count()).toBe(0);
    await asker.goto(`${questionPath}/answer/${answerId}/edit`);
    await asker.getByText('Only the person who wrote an answer can edit it.').waitFor();
    await asker.goto(questionPath);
    await asker.getByText('Call set, not push.').waitFor();
    await markDocument(asker);

    // The answer's author logs in and edits it through the form (their own answers show Edit).
    await answerer.goto('/');
    await answerer.getByLabel('Username').fill(author.username);
    await answerer.getByLabel('Password', { exact: true }).fill(author.password);
    await answerer.getByRole('button', { name: 'Submit' }).click();
    await answerer.waitForURL('**/home');
    await answerer.goto(questionPath);
    await answerer.getByRole('link', { name: 'Edit answer' }).click();
    await answerer.waitForURL(`**${questionPath}/answer/${answerId}/edit`);
    const text = answerer.getByLabel('Answer Text');
    expect(await text.inputValue()).toBe('Call set, not push.');
    await text.fill('   ');
    await answerer.getByRole('button', { name: 'Save Edits' }).click();
    await answerer.getByText('Answer text cannot be empty').waitFor();
    await text.fill('Call map.set(key, value), never push.');
    await answerer.getByRole('button', { name: 'Save Edits' }).click();
    await answerer.waitForURL(`**${questionPath}`);

    // The asker's page shows the new text in place; its 'edited' link opens the answer's history.
    await asker.getByText('Call map.set(key, value), never push.').waitFor();
    expect(await notReloaded(asker)).toBe(true);
    await asker.getByRole('link', { name: /^edited / }).click();
    await asker.waitForURL(`**${questionPath}/answer/${answerId}/revisions`);
    const revision = asker.getByRole('article', { name: 'Edit 1 of 1' });
    await revision.locator('del', { hasText: 'not' }).first().waitFor();
    await revision.locator('ins', { hasText: 'never' }).first().waitFor();
    await revision.locator('ins', { hasText: 'map.' }).first().waitFor();

    await asker.context().close();
    await answerer.context().close();
  });
});
