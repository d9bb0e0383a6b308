import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComment, createQuestion, createUser, viewQuestion } from '../support/api';
import {
  baseURL,
  launchBrowser,
  newUser,
  screenshot,
  uniqueName,
  uniqueTag,
} from '../support/browser';
import { askQuestion, markDocument, notReloaded, settled, signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const voteCount = (page: Page) =>
  page.getByRole('group', { name: 'Votes' }).locator('.vote-box__count').textContent();

describe('questions', () => {
  it('asks, answers, comments and votes, and both browsers see it all live', async () => {
    const asker = await newUser(browser);
    const answerer = await newUser(browser, { width: 375, height: 800 });
    await signUp(asker, uniqueName('asker'));
    const answererName = uniqueName('helper');
    await signUp(answerer, answererName);
    await answerer.getByRole('heading', { name: 'All Questions', level: 1 }).waitFor();
    await markDocument(answerer);

    // The form's own checks, with the spec's messages under each field.
    // .first(): on an empty site the 'No Questions Found' state offers the same link again.
    await asker.getByRole('link', { name: 'Ask a Question' }).first().click();
    await asker.waitForURL('**/new/question');
    await asker.getByText('* indicates mandatory fields').waitFor();
    // Nothing is an error before it was touched; leaving a field says what it lacks.
    expect(await asker.locator('.field__error').count()).toBe(0);
    await asker.getByLabel('Question Title').focus();
    await asker.getByLabel('Question Text').focus();
    await asker.getByText('Title cannot be empty').waitFor();
    expect(await asker.locator('.field__error').count()).toBe(1);
    await asker.getByRole('button', { name: 'Post Question' }).click();
    await asker.getByText('Title cannot be empty').waitFor();
    await asker.getByText('Question text cannot be empty').waitFor();
    await asker.getByText('Should have at least 1 tag').waitFor();
    await asker.getByLabel('Question Text').fill('See [docs](http://example.com/docs)');
    await asker.getByLabel('Tags').fill('a b c d e f');
    await asker.getByRole('button', { name: 'Post Question' }).click();
    await asker.getByText('Invalid hyperlink format.').waitFor();
    await asker.getByText('Cannot have more than 5 tags').waitFor();
    await screenshot(asker, 'questions-new-errors');

    const title = `How do live updates work? ${uniqueName('q')}`;
    const [tagA, tagB] = [uniqueTag('live'), uniqueTag('sync')];
    await asker.goto('/home');
    await askQuestion(asker, {
      title,
      text: 'Read the [docs](https://example.com/docs) first.',
      tags: `${tagA} ${tagB}`,
    });

    // The other browser, already on /home, sees the new question first without a reload.
    const card = answerer.getByRole('link', { name: title });
    await card.waitFor();
    await expect
      .poll(() => answerer.locator('.question-card__link').first().textContent())
      .toBe(title);
    expect(await notReloaded(answerer)).toBe(true);
    const answererCard = answerer.locator('.question-card', { has: card });
    await answererCard.getByText('0 answers').waitFor();
    await answererCard.getByRole('link', { name: tagA }).waitFor();
    await answererCard.getByRole('link', { name: tagB }).waitFor();
    await screenshot(answerer, 'questions-list-live-375');

    // The asker opens the question page and stays there.
    await asker.getByRole('link', { name: title }).click();
    await asker.waitForURL(/\/question\/\d+$/);
    const questionPath = new URL(asker.url()).pathname;
    await asker.getByRole('heading', { name: title, level: 1 }).waitFor();
    const docs = asker.getByRole('link', { name: 'docs', exact: true });
    expect(await docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(await docs.getAttribute('target')).toBe('_blank');
    expect(await docs.getAttribute('rel')).toBe('noopener noreferrer');
    await asker.getByText('1 view', { exact: true }).waitFor();
    await asker.getByText('0 answers').waitFor();
    // Quiet comments: only 'Add a comment' until there are some.
    await asker.getByRole('button', { name: 'Add a comment' }).first().waitFor();
    expect(await voteCount(asker)).toBe('0');
    await markDocument(asker);

    // The other user opens it from the list, answers, comments and upvotes.
    await card.click();
    await answerer.waitForURL(`**${questionPath}`);
    await answerer.getByRole('heading', { name: title, level: 1 }).waitFor();
    await settled(answerer);
    await answerer.getByRole('link', { name: 'Answer Question' }).click();
    await answerer.waitForURL(/\/new\/answer\/\d+$/);
    await answerer.getByRole('button', { name: 'Post Answer' }).click();
    await answerer.getByText('Answer text cannot be empty').waitFor();
    const answerText =
      'Subscriptions push every change; see [the guide](https://example.com/guide).';
    await answerer.getByLabel('Answer Text').fill(answerText);
    await answerer.getByRole('button', { name: 'Post Answer' }).click();
    await answerer.waitForURL(`**${questionPath}`);
    await answerer.getByText('1 answer', { exact: true }).waitFor();
    await settled(answerer);

    await answerer.getByRole('button', { name: 'Add a comment' }).first().click();
    await answerer.getByText('No comments yet.').waitFor();
    await answerer.getByRole('button', { name: 'Add Comment' }).first().click();
    await answerer.getByText('Comment text cannot be empty').waitFor();
    const commentText = `Thanks for asking ${uniqueName('c')}`;
    await answerer.getByLabel('Comment').first().fill(commentText);
    await answerer.getByRole('button', { name: 'Add Comment' }).first().click();
    // The posted comment, not the box that may still hold its text for a moment.
    await answerer.locator('.comment__text', { hasText: commentText }).waitFor();
    await expect.poll(() => answerer.getByLabel('Comment').first().inputValue()).toBe('');
    await settled(answerer);

    const upvote = answerer.getByRole('button', { name: 'Upvote' });
    expect(await upvote.getAttribute('aria-pressed')).toBe('false');
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => voteCount(answerer)).toBe('1');
    await screenshot(answerer, 'questions-detail-375');

    // The asker's page caught up without a reload: answer (with its link), comment, vote, views.
    await asker.getByText('1 answer', { exact: true }).waitFor();
    await asker.getByText('Subscriptions push every change; see').waitFor();
    const guide = asker.getByRole('link', { name: 'the guide' });
    expect(await guide.getAttribute('rel')).toBe('noopener noreferrer');
    await asker.getByText(commentText).waitFor();
    await expect.poll(() => voteCount(asker)).toBe('1');
    await asker.getByText('2 views', { exact: true }).waitFor();
    // The asker has not voted: only the answerer's button is pressed.
    expect(await asker.getByRole('button', { name: 'Upvote' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(await notReloaded(asker)).toBe(true);
    await screenshot(asker, 'questions-detail-live');

    // Comments can be hidden and shown again.
    const toggle = asker.getByRole('button', { name: 'Hide Comments' }).first();
    await toggle.click();
    await asker.getByRole('button', { name: 'Show Comments' }).first().waitFor();
    expect(await asker.getByText(commentText).isVisible()).toBe(false);
    await asker.getByRole('button', { name: 'Show Comments' }).first().click();
    await asker.getByText(commentText).waitFor();

    // Back on the list, the counts are current; a tag button lists that tag's questions.
    await answerer.getByRole('link', { name: 'Questions', exact: true }).click();
    const listed = answerer.locator('.question-card', {
      has: answerer.getByRole('link', { name: title }),
    });
    await listed.getByText('1 answer', { exact: true }).waitFor();
    await listed.getByText('2 views').waitFor();
    await listed.getByText('1 vote', { exact: true }).waitFor();
    await listed.getByRole('link', { name: tagA }).click();
    await answerer.waitForURL((url) => url.searchParams.get('tag') === tagA);
    await answerer.getByRole('heading', { name: tagA, level: 1 }).waitFor();
    await answerer.getByText('1 question', { exact: true }).waitFor();

    await asker.context().close();
    await answerer.context().close();
  });

  it("counts the first view on the page even when the page's own read answers after the view", async () => {
    const author = await createUser('author');
    const viewer = await createUser('viewer');
    const question = await createQuestion(author, {
      title: `Seen once ${uniqueTag('view')}`,
      text: 'Nobody has opened this yet.',
      tags: [uniqueTag('view')],
    });
    const page = await newUser(browser);
    await page
      .context()
      .addCookies([{ name: 'qa_session', value: viewer.session, url: baseURL() }]);

    // The page's read of the question is made before its view is recorded (so it says 0 views) and
    // answered only after the view's reply has been applied.
    let holding = true;
    let readMade: () => void = () => {};
    const read = new Promise<void>((resolve) => (readMade = resolve));
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/trpc\/[^?]*question\.byId/, async (route) => {
      if (!holding) return route.continue();
      const response = await route.fetch();
      held.push(() => route.fulfill({ response }));
      readMade();
    });
    await page.route(/\/trpc\/[^?]*question\.view/, async (route) => {
      await read;
      holding = false;
      await route.continue();
    });
    await page.goto(`/question/${question.id}`);
    await page.getByText('1 view', { exact: true }).waitFor();
    // The older read arrives now, if the page still waits for it: the count stays. A comment posted
    // after it is the barrier: once the page shows it, the older read has had its chance (and had it
    // landed later, it would have taken the comment away again).
    for (const fulfill of held) await fulfill().catch(() => undefined);
    const later = `Posted after the older read ${uniqueName('c')}`;
    await createComment(author, { type: 'question', id: question.id }, later);
    await page.getByText(later).waitFor();
    expect(await page.getByText('1 view', { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('renders question text as text, never as markup', async () => {
    const page = await newUser(browser);
    await signUp(page, uniqueName('xss'));
    const title = '<script>window.__xss = 1</script>';
    await askQuestion(page, {
      title,
      text: '<img src=x onerror="window.__xss = 2"> and [a link](https://example.com/safe)',
      tags: uniqueTag('xss'),
    });
    const link = page.getByRole('link', { name: title }).first();
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/question\/\d+$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('<img src=x onerror="window.__xss = 2"> and').waitFor();
    expect(await page.locator('.post__text img').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'a link' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    await page.context().close();
  });

  it('sends unknown or missing question ids back to /home', async () => {
    const page = await newUser(browser);
    await signUp(page, uniqueName('lost'));
    await page.goto('/question/not-a-number');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/question/987654321');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/new/answer/abc');
    await page.waitForURL((url) => url.pathname === '/home');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Question ID is missing.');
    await page.context().close();
  });

  it('searches, orders and pages through the list', async () => {
    // Its own questions, all carrying one made-up word so no other test's questions match.
    const author = await createUser('author');
    const viewer = await createUser('viewer');
    const word = uniqueTag('needle');
    const tag = uniqueTag('order');
    const joinTitle = `Why does my LEFT JOIN lose rows? ${word}`;
    const otherTitle = `Sorting an array of objects ${word}`;
    const popular = await createQuestion(author, {
      title: joinTitle,
      text: 'Adding a WHERE clause drops rows.',
      tags: [tag],
    });
    await createQuestion(author, { title: otherTitle, text: 'By one key.', tags: [tag] });
    await viewQuestion(viewer, popular.id);

    const page = await newUser(browser);
    await signUp(page, uniqueName('reader'));
    const search = `left join ${word}`;
    await page.getByLabel('Search questions').fill(search);
    await page.getByLabel('Search questions').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === search);
    await page.getByRole('heading', { name: 'Search Results', level: 1 }).waitFor();
    await page.getByRole('link', { name: joinTitle }).waitFor();
    await page.getByText('1 question', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: otherTitle }).count()).toBe(0);

    await page.getByLabel('Search questions').fill('zzzunmatchedzzz');
    await page.getByLabel('Search questions').press('Enter');
    await page.getByText('No Questions Found').waitFor();
    await page.getByText('0 questions').waitFor();

    // Newest first by default; Most Viewed puts the viewed (older) question first, and a reload keeps it.
    const titles = () => page.locator('.question-card__link').allTextContents();
    await page.goto(`/home?tag=${tag}`);
    await expect.poll(titles).toEqual([otherTitle, joinTitle]);
    await page.getByRole('link', { name: 'Most Viewed' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'mostViewed');
    await expect.poll(titles).toEqual([joinTitle, otherTitle]);
    await page.reload();
    await expect
      .poll(() => page.getByRole('link', { name: 'Most Viewed' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await page.getByRole('link', { name: 'Newest' }).getAttribute('aria-current')).toBe(
      null,
    );
    await expect.poll(titles).toEqual([joinTitle, otherTitle]);
    await screenshot(page, 'questions-list-most-viewed');

    // 21 questions under one tag: 20 on the first page, the last one behind 'Load more'.
    const pageTag = uniqueTag('page');
    for (let i = 1; i <= 21; i += 1) {
      await createQuestion(author, {
        title: `Paged question ${i} ${pageTag}`,
        text: 'Body',
        tags: [pageTag],
      });
    }
    await page.goto(`/home?tag=${pageTag}`);
    await page.getByText('21 questions').waitFor();
    await expect.poll(() => page.locator('.question-card').count()).toBe(20);
    // Scrolling to 'Load more' loads the next page by itself (a click raced it and could find the
    // button gone); the button stays as the fallback.
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.question-card').count()).toBe(21);
    await page.getByRole('link', { name: `Paged question 1 ${pageTag}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.context().close();
  });
});
