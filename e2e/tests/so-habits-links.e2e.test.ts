import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnswer,
  createComment,
  createQuestion,
  createUser,
  type ApiUser,
} from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, uniqueName, uniqueTag } from '../support/browser';
import { settled, signUp } from '../support/flows';

/**
 * Links, comments, navigation and times as a daily Stack Overflow user expects them: everything that navigates
 * is a real link, comment boxes stay quiet until wanted, navigation does not invite duplicates or lose
 * the page asked for, and every time is a <time> with the exact moment on hover.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 375, height: 800 };

/** A question of its own under a fresh tag, so /home?tag= lists it alone. */
async function ownQuestion(author: ApiUser, text = 'Why does my effect run twice?') {
  const tag = uniqueTag('habit');
  const question = await createQuestion(author, {
    title: `Effects run twice in dev ${uniqueName('q')}`,
    text,
    tags: [tag],
  });
  return { tag, question };
}

async function logIn(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Path and query of a page's URL. */
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Opens a link the way people open links in a new tab (Ctrl+click or middle click) and checks the new
 * tab's address; the page it was opened from stays where it was.
 */
async function opensInNewTab(page: Page, link: Locator, expected: string, how: 'ctrl' | 'middle') {
  const before = where(page);
  expect(await link.getAttribute('href')).toBe(expected);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    how === 'ctrl'
      ? link.click({ modifiers: ['ControlOrMeta'] })
      : link.click({ button: 'middle' }),
  ]);
  await tab.waitForURL((url) => `${url.pathname}${url.search}` === expected);
  await tab.close();
  expect(where(page)).toBe(before);
}

/** The question card of a title on the list. */
const cardOf = (page: Page, title: string) =>
  page.locator('.question-card', { has: page.getByRole('link', { name: title, exact: true }) });

/** Texts in the page's main part like '3 minutes ago' or 'Nov 21 at 15:30' outside a <time> element. */
const timesOutsideTimeElements = (page: Page) =>
  page.evaluate(() => {
    const pattern =
      /\b\d+ (second|minute|hour)s? ago\b|\b[A-Z][a-z]{2} \d{2}(, \d{4})? at \d{2}:\d{2}\b/;
    const main = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const outside: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (pattern.test(text) && !node.parentElement?.closest('time')) outside.push(text);
    }
    return outside;
  });

describe('real links', () => {
  it('title, tag, author, order tabs, View Profile and Ask a Question open in a new tab', async () => {
    const author = await createUser('linker');
    const { tag, question } = await ownQuestion(author);
    const page = await newUser(browser);
    const me = uniqueName('reader');
    await signUp(page, me);
    await page.goto(`/home?tag=${tag}`);
    const card = cardOf(page, question.title);
    await card.waitFor();

    const title = card.getByRole('link', { name: question.title, exact: true });
    await opensInNewTab(page, title, `/question/${question.id}`, 'ctrl');
    await opensInNewTab(page, title, `/question/${question.id}`, 'middle');
    const tagLink = card.getByRole('link', { name: tag, exact: true });
    await opensInNewTab(page, tagLink, `/home?tag=${tag}`, 'middle');
    // The author opens the profile, not the question whose card holds the name.
    const authorLink = card.getByRole('link', { name: author.username, exact: true });
    await opensInNewTab(page, authorLink, `/user/${author.username}`, 'ctrl');
    const orders = page.getByRole('navigation', { name: 'Order' });
    await opensInNewTab(
      page,
      orders.getByRole('link', { name: 'Active', exact: true }),
      `/home?tag=${tag}&order=active`,
      'middle',
    );
    await opensInNewTab(
      page,
      page.getByRole('link', { name: 'View Profile' }),
      `/user/${me}`,
      'ctrl',
    );
    await opensInNewTab(
      page,
      page.getByRole('link', { name: 'Ask a Question' }),
      '/new/question',
      'middle',
    );

    // Plain clicks navigate in place: the order tab marks itself, the author opens the profile.
    await orders.getByRole('link', { name: 'Unanswered', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'unanswered');
    await expect
      .poll(() => orders.getByRole('link', { name: 'Unanswered' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await orders.getByRole('link', { name: 'Newest' }).getAttribute('aria-current')).toBe(
      null,
    );
    await cardOf(page, question.title)
      .getByRole('link', { name: author.username, exact: true })
      .click();
    await page.waitForURL(`**/user/${author.username}`);
    await page.getByRole('heading', { name: author.username, level: 1 }).waitFor();

    // The rest of the card still opens the question.
    await page.goBack();
    await cardOf(page, question.title).click({ position: { x: 8, y: 8 } });
    await page.waitForURL(`**/question/${question.id}`);
    await page.getByRole('heading', { name: question.title, level: 1 }).waitFor();
    // On the question page: the tag, the author and Answer Question are links too.
    const post = page.locator('.post').first();
    await opensInNewTab(
      page,
      post.getByRole('link', { name: tag, exact: true }),
      `/home?tag=${tag}`,
      'ctrl',
    );
    expect(
      await post.getByRole('link', { name: author.username, exact: true }).getAttribute('href'),
    ).toBe(`/user/${author.username}`);
    await opensInNewTab(
      page,
      page.getByRole('link', { name: 'Answer Question' }),
      `/new/answer/${question.id}`,
      'middle',
    );
    await page.context().close();
  });
});

describe('quiet comments', () => {
  it("shows only 'Add a comment' until wanted; Enter posts, Shift+Enter adds a line", async () => {
    const author = await createUser('quiet');
    const { question } = await ownQuestion(author);
    const page = await newUser(browser);
    await signUp(page, uniqueName('commenter'));
    await page.goto(`/question/${question.id}`);
    await page.getByRole('heading', { name: question.title, level: 1 }).waitFor();

    const comments = page.locator('.post').first().locator('.comments');
    const add = comments.getByRole('button', { name: 'Add a comment', exact: true });
    await add.waitFor();
    await settled(page);
    // No open box, no toggle and no 'No comments yet.' on a post nobody has commented on.
    expect(await comments.getByLabel('Comment').count()).toBe(0);
    expect(await comments.getByRole('button', { name: 'Add Comment', exact: true }).count()).toBe(
      0,
    );
    expect(await comments.getByText('No comments yet.').count()).toBe(0);
    expect(
      await comments.getByRole('button', { name: /Hide Comments|Show Comments/ }).count(),
    ).toBe(0);

    // On demand: one line, focused, with the spec's section around it.
    await add.click();
    const box = comments.getByLabel('Comment');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await comments.getByText('No comments yet.').waitFor();
    await comments.getByRole('button', { name: 'Hide Comments' }).waitFor();
    const oneLine = (await box.boundingBox())?.height ?? 0;
    expect(oneLine).toBeGreaterThan(0);
    expect(oneLine).toBeLessThan(48);

    // Enter on an empty box: the spec's message, nothing posted.
    await box.press('Enter');
    await comments.getByText('Comment text cannot be empty').waitFor();

    // Shift+Enter makes a new line and the box grows; Enter posts.
    await box.pressSequentially('First line');
    await box.press('Shift+Enter');
    await box.pressSequentially('see [the docs](https://example.com/comment-docs)');
    expect(await box.inputValue()).toBe(
      'First line\nsee [the docs](https://example.com/comment-docs)',
    );
    expect((await box.boundingBox())?.height ?? 0).toBeGreaterThan(oneLine);
    await box.press('Enter');
    const posted = comments.locator('.comment', { hasText: 'First line' });
    await posted.waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
    // The comment as formatted, not the text shown while its Markdown is still being formatted.
    await settled(page);
    expect(await posted.locator('.comment__text').innerText()).toBe('First line\nsee the docs');
    await comments.getByRole('button', { name: 'Add Comment', exact: true }).waitFor();
    expect(await comments.getByText('1 comment', { exact: true }).count()).toBe(1);

    // A link in a comment is a link like those in posts: https only, a new tab, no opener.
    const link = posted.getByRole('link', { name: 'the docs' });
    expect(await link.getAttribute('href')).toBe('https://example.com/comment-docs');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    // The commenter's name opens their profile.
    const by = posted.locator('.comment__meta').getByRole('link');
    expect(await by.getAttribute('href')).toMatch(/^\/user\/commenter_/);

    // Escape closes an empty box again.
    await box.press('Escape');
    await expect.poll(() => comments.getByLabel('Comment').count()).toBe(0);
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe('navigation that does not invite duplicates', () => {
  it('Back after posting an answer does not show the filled form', async () => {
    const author = await createUser('backer');
    const { tag, question } = await ownQuestion(author);
    const page = await newUser(browser);
    await signUp(page, uniqueName('answerer'));
    await page.goto(`/home?tag=${tag}`);
    await page.getByRole('link', { name: question.title, exact: true }).click();
    await page.waitForURL(`**/question/${question.id}`);
    await page.getByRole('link', { name: 'Answer Question' }).click();
    await page.waitForURL(`**/new/answer/${question.id}`);
    const text = `Use a cleanup function ${uniqueName('a')}`;
    await page.getByLabel('Answer Text').fill(text);
    await page.getByRole('button', { name: 'Post Answer' }).click();
    await page.waitForURL((url) => url.pathname === `/question/${question.id}`);
    await page.getByText(text).waitFor();

    await page.goBack();
    // Back goes to the question as it was before answering, not to the form.
    await page.waitForURL((url) => url.pathname === `/question/${question.id}`);
    await page.getByRole('heading', { name: question.title, level: 1 }).waitFor();
    expect(await page.getByLabel('Answer Text').count()).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.context().close();
  });

  it('a signed-out visit goes to / and, after signing in, to the page asked for', async () => {
    const author = await createUser('returner');
    const { question } = await ownQuestion(author);
    const page = await newUser(browser);
    await page.goto(`/question/${question.id}`);
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, author);
    await page.waitForURL((url) => url.pathname === `/question/${question.id}`);
    await page.getByRole('heading', { name: question.title, level: 1 }).waitFor();

    // Signing out and in again is not such a visit: SPEC §2's /home.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, author);
    await page.waitForURL((url) => url.pathname === '/home');

    // Choosing Sign up instead keeps the page asked for too.
    const newcomer = await newUser(browser);
    await newcomer.goto(`/home?tag=nothing&order=active`);
    await newcomer.waitForURL((url) => url.pathname === '/');
    await newcomer.getByRole('link', { name: 'Sign up' }).click();
    await newcomer.waitForURL('**/signup');
    await newcomer.getByLabel('Username').fill(uniqueName('new'));
    await newcomer.getByLabel('Password', { exact: true }).fill('password123');
    await newcomer.getByLabel('Confirm Password').fill('password123');
    await newcomer.getByRole('button', { name: 'Submit' }).click();
    await newcomer.waitForURL(
      (url) => `${url.pathname}${url.search}` === '/home?tag=nothing&order=active',
    );
    await page.context().close();
    await newcomer.context().close();
  });

  it('a missing question goes to /home with a notice that it does not exist', async () => {
    const page = await newUser(browser);
    await signUp(page, uniqueName('lost'));
    await page.goto('/question/987654321');
    await page.waitForURL((url) => url.pathname === '/home');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('That question does not exist.');
    await page.getByRole('heading', { name: 'All Questions', level: 1 }).waitFor();
    await page.context().close();
  });
});

describe('times people can read', () => {
  it('every time is a <time> with the exact moment on hover; Active cards say what happened last', async () => {
    const author = await createUser('timer');
    const answerer = await createUser('answerer');
    const { tag, question } = await ownQuestion(author);
    await createAnswer(answerer, question.id, 'Strict mode mounts twice in development.');
    await createComment(answerer, { type: 'question', id: question.id }, 'Only in dev, though.');
    await createAnswer(answerer, question.id, 'And the cleanup shows it.');

    const page = await newUser(browser);
    await signUp(page, uniqueName('clock'));
    // Newest: the asked time only.
    await page.goto(`/home?tag=${tag}`);
    const card = cardOf(page, question.title);
    await card.waitFor();
    const asked = card.locator('time').first();
    expect(await card.locator('time').count()).toBe(1);
    expect(await card.locator('.question-card__meta').innerText()).toMatch(
      /asked \d+ seconds? ago$/,
    );
    expect(await asked.getAttribute('title')).toMatch(
      /^[A-Z][a-z]{2} \d{2}, \d{4} at \d{2}:\d{2}:\d{2}$/,
    );
    expect(Number.isNaN(Date.parse((await asked.getAttribute('datetime')) ?? ''))).toBe(false);

    // Active: the latest activity as well, 'answered …'.
    await page
      .getByRole('navigation', { name: 'Order' })
      .getByRole('link', { name: 'Active' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'active');
    await expect
      .poll(() => cardOf(page, question.title).locator('.question-card__activity').innerText())
      .toMatch(/^answered \d+ seconds? ago$/);
    const activity = cardOf(page, question.title).locator('.question-card__activity time');
    expect(await activity.getAttribute('title')).toMatch(/ at \d{2}:\d{2}:\d{2}$/);
    expect(await timesOutsideTimeElements(page)).toEqual([]);

    // The question page: asked, answered, comment and active times, each a <time> with a title.
    await page.goto(`/question/${question.id}`);
    await page.getByText('And the cleanup shows it.').waitFor();
    const times = page.locator('main time');
    expect(await times.count()).toBeGreaterThanOrEqual(5);
    for (const time of await times.all()) {
      expect(await time.getAttribute('title')).toMatch(/ at \d{2}:\d{2}:\d{2}$/);
      expect(await time.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    expect(await timesOutsideTimeElements(page)).toEqual([]);

    // A profile's join date is a <time> with the exact moment on hover as well.
    await page.goto(`/user/${author.username}`);
    await page.getByRole('heading', { name: author.username, level: 1 }).waitFor();
    const joined = page.locator('main time').first();
    expect(await joined.innerText()).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    expect(await joined.getAttribute('title')).toMatch(/ at \d{2}:\d{2}:\d{2}$/);
    await page.context().close();
  });
});

describe('the pages changed here at 1280 and 375 px', () => {
  it('have no serious axe-core violations, with screenshots to look at', async () => {
    const author = await createUser('shots');
    const answerer = await createUser('helper');
    const { tag, question } = await ownQuestion(
      author,
      'My `useEffect` fetches twice. See [the React docs](https://react.dev/reference/react/StrictMode).',
    );
    const answer = await createAnswer(
      answerer,
      question.id,
      'That is Strict Mode: it mounts, unmounts and mounts again in development.\n\n```js\nuseEffect(() => {\n  const controller = new AbortController();\n  return () => controller.abort();\n}, []);\n```',
    );
    await createComment(
      author,
      { type: 'answer', id: answer.id },
      'Thanks, see [this](https://react.dev).',
    );
    await ownQuestion(author, 'A second question for the list.');

    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await newUser(browser, viewport);
      await signUp(page, uniqueName('ally'));
      await page.goto(`/home?order=active`);
      await page.getByRole('link', { name: question.title, exact: true }).waitFor();
      expect(await seriousA11yViolations(page), `list ${viewport.width}`).toEqual([]);
      await page.screenshot({ path: `/tmp/so-habits-links-list-${viewport.width}.png` });

      await page.goto(`/question/${question.id}`);
      await page.getByText('Thanks, see').waitFor();
      await settled(page);
      // With the question's comment box open, as someone about to comment sees it.
      await page.locator('.post').first().getByRole('button', { name: 'Add a comment' }).click();
      await page.locator('.post').first().getByLabel('Comment').waitFor();
      expect(await seriousA11yViolations(page), `question ${viewport.width}`).toEqual([]);
      await page.screenshot({
        path: `/tmp/so-habits-links-question-${viewport.width}.png`,
        fullPage: true,
      });
      await page.goto(`/home?tag=${tag}`);
      await page.getByRole('link', { name: question.title, exact: true }).waitFor();
      await page.context().close();
    }
  });
});
