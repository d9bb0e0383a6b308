import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion, createUser, type ApiUser } from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, uniqueName, uniqueTag } from '../support/browser';
import { signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 375, height: 800 };

async function logIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
}

/** The id of the focused element, to compare with a field's. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

/** Every dialog the browser opens (beforeunload included), accepted. */
function acceptDialogs(page: Page): string[] {
  const types: string[] = [];
  page.on('dialog', (dialog) => {
    types.push(dialog.type());
    void dialog.accept();
  });
  return types;
}

/** The visible boxes smaller than 24 × 24 px among the matched elements. */
async function smallTargets(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .map((el) => {
        const box = el.getBoundingClientRect();
        return {
          what: `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 20)}"`,
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
          visible: box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden',
        };
      })
      .filter((t) => t.visible && (t.width < 24 || t.height < 24)),
  );
}

describe('forms that help', () => {
  it('counts characters near the limits, focuses the first error, suggests tags with counts, uses monospace', async () => {
    const author = await createUser('tagger');
    const prefix = uniqueTag('sg');
    const [popular, rare] = [`${prefix}alpha`, `${prefix}beta`];
    for (let i = 0; i < 3; i += 1) {
      await createQuestion(author, {
        title: `Question ${i} about ${popular}`,
        text: 'Some text.',
        tags: [popular, ...(i === 0 ? [rare] : [])],
      });
    }

    const page = await newUser(browser);
    await signUp(page, uniqueName('asker'));
    await page.goto('/new/question');
    const title = page.getByLabel('Question Title');
    const text = page.getByLabel('Question Text');
    const tags = page.getByLabel('Tags');
    await title.waitFor();

    // A refused submit puts the focus on the first field to fix, and then on the next one.
    await text.focus();
    await page.getByRole('button', { name: 'Post Question' }).click();
    await page.getByText('Title cannot be empty').waitFor();
    await expect.poll(() => focusedId(page)).toBe(await title.getAttribute('id'));
    await title.fill('How do I read a file line by line?');
    await page.getByRole('button', { name: 'Post Question' }).click();
    await expect.poll(() => focusedId(page)).toBe(await text.getAttribute('id'));

    // The title's counter shows near the limit of 100 and says when it is past it.
    const counter = page.locator('.counted-field', { has: title }).locator('.char-counter');
    expect(await counter.isVisible()).toBe(false);
    await title.fill('x'.repeat(95));
    await expect.poll(() => counter.textContent()).toBe('5 characters left');
    expect(await title.getAttribute('aria-describedby')).toContain(
      await counter.getAttribute('id'),
    );
    await title.fill('x'.repeat(103));
    await expect.poll(() => counter.textContent()).toBe('3 characters too many');
    await page.getByRole('button', { name: 'Post Question' }).click();
    await page.getByText('Title cannot be more than 100 characters').waitFor();
    await expect.poll(() => focusedId(page)).toBe(await title.getAttribute('id'));
    const questionTitle = `Reading a file line by line ${uniqueName('q')}`;
    await title.fill(questionTitle);
    await expect.poll(() => counter.isVisible()).toBe(false);

    // Text boxes use a monospace font (code-heavy text), the title does not.
    await text.fill('```js\nfor await (const line of rl) console.log(line);\n```');
    expect(await text.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
    expect(await title.evaluate((el) => getComputedStyle(el).fontFamily)).not.toMatch(/mono/i);

    // Tags: existing tags starting with what is typed, most used first, with their counts.
    await tags.pressSequentially(prefix);
    const list = page.getByRole('listbox', { name: 'Tag suggestions' });
    await list.waitFor();
    expect(await tags.getAttribute('aria-expanded')).toBe('true');
    const options = list.getByRole('option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual([`${popular}3 questions`, `${rare}1 question`]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/so-habits-ask-suggestions-1280.png', fullPage: true });
    // Escape closes the list without changing the text; arrow down opens it again.
    await tags.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await tags.getAttribute('aria-expanded')).toBe('false');
    expect(await tags.inputValue()).toBe(prefix);
    await tags.press('ArrowDown');
    await list.waitFor();
    // Arrow down and Enter add the first; the form is not submitted.
    await tags.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await tags.getAttribute('aria-activedescendant')).toBe(
      await options.first().getAttribute('id'),
    );
    await tags.press('Enter');
    expect(await tags.inputValue()).toBe(`${popular} `);
    await list.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/new/question');
    // A click adds another; a tag already in the field is not offered again.
    await tags.pressSequentially(prefix);
    await expect.poll(() => options.allTextContents()).toEqual([`${rare}1 question`]);
    await options.first().click();
    expect(await tags.inputValue()).toBe(`${popular} ${rare} `);
    await expect.poll(() => focusedId(page)).toBe(await tags.getAttribute('id'));

    // The tags counter: near the limit of 5, and a tag past 20 characters.
    const tagsCounter = page.locator('.counted-field', { has: tags }).locator('.char-counter');
    await tags.fill(`${popular} ${rare} one two`);
    await expect.poll(() => tagsCounter.textContent()).toBe('4 of 5 tags');
    await tags.fill(`${popular} ${'y'.repeat(23)}`);
    await expect
      .poll(() => tagsCounter.textContent())
      .toBe(`“${'y'.repeat(23)}” is 3 characters too long (at most 20)`);
    await tags.fill(`${popular} ${rare}`);
    await expect.poll(() => tagsCounter.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Post Question' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('link', { name: questionTitle }).waitFor();
    // Posting cleared the draft: the form starts empty again.
    await page.goto('/new/question');
    await title.waitFor();
    expect(await title.inputValue()).toBe('');
    expect(await text.inputValue()).toBe('');
    expect(await tags.inputValue()).toBe('');
    await page.context().close();
  });

  it('keeps drafts through a reload (per user, per question for answers) and asks before leaving unsaved text', async () => {
    const author = await createUser('drafts');
    const [first, second] = [
      await createQuestion(author, { title: `First ${uniqueName('q')}`, text: 'One', tags: ['x'] }),
      await createQuestion(author, {
        title: `Second ${uniqueName('q')}`,
        text: 'Two',
        tags: ['x'],
      }),
    ];

    const page = await newUser(browser);
    const dialogs = acceptDialogs(page);
    const me = { username: uniqueName('drafter'), password: 'password123' };
    await signUp(page, me.username, me.password);
    await page.goto('/new/question');
    const title = page.getByLabel('Question Title');
    const text = page.getByLabel('Question Text');
    const tags = page.getByLabel('Tags');
    const draftTitle = `My draft ${uniqueName('d')}`;
    await title.fill(draftTitle);
    await text.fill('Half written\n\n    indented code');
    await tags.fill('drafts');
    await page.getByText('Draft saved in this browser').waitFor();

    // A reload asks first (the browser's own question), and the draft is back after it.
    await page.reload();
    expect(dialogs).toEqual(['beforeunload']);
    await page.getByText('Your unposted draft was restored.').waitFor();
    expect(await title.inputValue()).toBe(draftTitle);
    expect(await text.inputValue()).toBe('Half written\n\n    indented code');
    expect(await tags.inputValue()).toBe('drafts');

    // Leaving through the app asks too: Stay keeps the form, Leave goes (and keeps the draft).
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Tags' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without posting?' });
    await ask.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/new/question');
    expect(await title.inputValue()).toBe(draftTitle);
    await menu.getByRole('link', { name: 'Tags' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/tags');
    await page.getByRole('heading', { name: 'All Tags' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/new/question');
    await expect.poll(() => title.inputValue()).toBe(draftTitle);

    // Another user on this browser does not get it; its owner does after signing in again.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signUp(page, uniqueName('other'));
    await page.goto('/new/question');
    await title.waitFor();
    expect(await title.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, me);
    await page.goto('/new/question');
    await expect.poll(() => title.inputValue()).toBe(draftTitle);

    // Discard empties the form; with nothing typed, leaving does not ask.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    expect(await title.inputValue()).toBe('');
    expect(await text.inputValue()).toBe('');
    await menu.getByRole('link', { name: 'Questions' }).click();
    await page.waitForURL((url) => url.pathname === '/home');

    // Answers: one draft per question.
    const answer = page.getByLabel('Answer Text');
    dialogs.length = 0;
    await page.goto(`/new/answer/${first.id}`);
    await answer.fill('An answer to the first');
    await page.getByText('Draft saved in this browser').waitFor();
    await page.goto(`/new/answer/${second.id}`);
    await answer.waitFor();
    expect(await answer.inputValue()).toBe('');
    await answer.fill('An answer to the second');
    await page.getByText('Draft saved in this browser').waitFor();
    await page.reload();
    await expect.poll(() => answer.inputValue()).toBe('An answer to the second');
    await page.goto(`/new/answer/${first.id}`);
    await expect.poll(() => answer.inputValue()).toBe('An answer to the first');
    expect(dialogs).toEqual(['beforeunload', 'beforeunload', 'beforeunload']);

    // A refused answer focuses the box; a posted one leaves without asking and clears its draft.
    await answer.fill('   ');
    await page.getByRole('button', { name: 'Post Answer' }).click();
    await page.getByText('Answer text cannot be empty').waitFor();
    await expect.poll(() => focusedId(page)).toBe(await answer.getAttribute('id'));
    await answer.fill('An answer to the first, posted');
    await page.getByRole('button', { name: 'Post Answer' }).click();
    await page.waitForURL(`**/question/${first.id}`);
    await page.getByText('An answer to the first, posted').waitFor();
    await page.goto(`/new/answer/${first.id}`);
    await answer.waitFor();
    expect(await answer.inputValue()).toBe('');
    await page.goto(`/new/answer/${second.id}`);
    await expect.poll(() => answer.inputValue()).toBe('An answer to the second');
    await page.context().close();
  });
});

describe('search that says what it searched', () => {
  it('shows the query in the heading and tab title, a [tag] search shows the tag, an empty search helps', async () => {
    const author = await createUser('searcher');
    const tag = uniqueTag('srch');
    const word = uniqueTag('needle');
    await createQuestion(author, {
      title: `Why does my LEFT JOIN lose rows? ${word}`,
      text: 'A WHERE clause drops them.',
      tags: [tag],
    });

    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const page = await newUser(browser, viewport);
      await signUp(page, uniqueName('reader'));
      const search = page.getByLabel('Search questions');
      await search.fill(`left join ${word}`);
      await search.press('Enter');
      const heading = `Search Results for “left join ${word}”`;
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(`${heading} - Fake Stack Overflow`);
      await page.getByText('1 question', { exact: true }).waitFor();

      // One [tag] and nothing else: the tag's name and description, and a link to its list.
      await search.fill(`[${tag}]`);
      await search.press('Enter');
      await page.getByRole('heading', { name: `Search Results for “[${tag}]”` }).waitFor();
      const about = page.getByRole('region', { name: 'About this tag' });
      await about.getByText('user added tag').waitFor();
      const tagLink = about.getByRole('link', { name: tag });
      expect(await tagLink.getAttribute('href')).toBe(`/home?tag=${tag}`);
      // The tag's own list (SPEC: its name as the title) describes it too.
      await tagLink.click();
      await page.getByRole('heading', { name: tag, level: 1 }).waitFor();
      await about.getByText('user added tag').waitFor();

      // Nothing found: the spec's sentence, then tips, Clear search and Ask a Question.
      await search.fill(`zzzunmatched ${word}`);
      await search.press('Enter');
      await page.getByText('No Questions Found').waitFor();
      await page.getByRole('heading', { name: 'Search tips' }).waitFor();
      await page.getByText('Put a tag in brackets to search within it').waitFor();
      const empty = page.locator('.empty-state');
      await empty
        .getByRole('button', { name: 'Ask a Question' })
        .or(empty.getByRole('link', { name: 'Ask a Question' }))
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({
        path: `/tmp/so-habits-search-empty-${viewport.width}.png`,
        fullPage: true,
      });
      await empty.getByRole('link', { name: 'Clear search' }).click();
      await page.waitForURL((url) => url.pathname === '/home' && url.search === '');
      await page.getByRole('heading', { name: 'All Questions', level: 1 }).waitFor();
      expect(await search.inputValue()).toBe('');
      await page.context().close();
    }
  });
});

describe('phone layout and reading comfort', () => {
  let author: ApiUser;
  let longQuestion: { id: number; title: string };
  const tag = uniqueTag('phone');
  beforeAll(async () => {
    author = await createUser('phoner');
    for (let i = 0; i < 8; i += 1) {
      await createQuestion(author, {
        title: `Phone layout question number ${i} ${uniqueName('q')}`,
        text: 'Text.',
        tags: [tag, 'css'],
      });
    }
    longQuestion = await createQuestion(author, {
      title: `A long question to read ${uniqueName('q')}`,
      text: [
        'When I render a list of a few thousand rows, scrolling stutters on older phones and the ',
        'profiler shows most of the time in layout. I tried memoising the rows and windowing the ',
        'list, but the first paint is still slow and the scroll position jumps when new rows arrive ',
        'from the server. What is the usual way to keep a long, live list smooth?\n\n',
        '```js\n',
        'const rows = useVirtualizer({ count: items.length, getScrollElement: () => parentRef.current, estimateSize: () => 48 });\n',
        '```',
      ].join(''),
      tags: [tag],
    });
  });

  it('keeps header and menu within 60 px while scrolling, shows the menu scrolls, a quiet Log out, 24 px targets', async () => {
    const page = await newUser(browser, PHONE);
    await signUp(page, uniqueName('thumb'));
    await page.goto(`/home?tag=${tag}`);
    await page.locator('.question-card').nth(8).waitFor();
    const header = page.locator('.app-header');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const fixedBottom = () =>
      page.evaluate(() => {
        const bottom = (selector: string) =>
          document.querySelector(selector)?.getBoundingClientRect().bottom ?? 0;
        return Math.max(bottom('.app-header'), bottom('.side-nav'));
      });
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(60);

    // Scrolling down: the menu slides under the header; scrolling up brings it back.
    for (let i = 0; i < 4; i += 1) {
      await page.mouse.wheel(0, 250);
      await page.waitForTimeout(100);
    }
    await expect.poll(fixedBottom).toBeLessThanOrEqual(60);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.screenshot({ path: '/tmp/so-habits-list-scrolled-375.png' });
    await page.mouse.wheel(0, -200);
    await expect.poll(fixedBottom).toBeGreaterThan(90);
    // The menu stays reachable from the keyboard while hidden.
    await page.mouse.wheel(0, 400);
    await expect.poll(fixedBottom).toBeLessThanOrEqual(60);
    await nav.getByRole('link', { name: 'Tags' }).focus();
    await expect.poll(fixedBottom).toBeGreaterThan(90);
    await nav.getByRole('link', { name: 'Tags' }).blur();
    await page.evaluate(() => window.scrollTo(0, 0));

    // The bar does not fit at 375 px: its right edge fades (with a chevron) until it is scrolled to the end.
    expect(await nav.getAttribute('data-more-after')).not.toBeNull();
    expect(await nav.getAttribute('data-more-before')).toBeNull();
    await nav
      .locator('.side-nav__list')
      .evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    await expect.poll(() => nav.getAttribute('data-more-after')).toBeNull();
    expect(await nav.getAttribute('data-more-before')).not.toBeNull();
    await nav.locator('.side-nav__list').evaluate((list) => list.scrollTo({ left: 0 }));

    // Log out: a quiet icon control with its name, not the loudest button on the page.
    const logout = page.getByRole('button', { name: 'Log out' });
    const logoutStyle = await logout.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      width: el.getBoundingClientRect().width,
      height: el.getBoundingClientRect().height,
    }));
    expect(logoutStyle.background).toBe('rgba(0, 0, 0, 0)');
    expect(logoutStyle.width).toBeGreaterThanOrEqual(24);
    expect(logoutStyle.height).toBeGreaterThanOrEqual(24);
    // Everything in the header fits the 375 px screen.
    const headerOverflow = await header.evaluate((el) => {
      const inner = el.querySelector('.app-header__inner') as HTMLElement;
      return inner.scrollWidth - inner.clientWidth;
    });
    expect(headerOverflow).toBe(0);

    // Touch targets of at least 24 × 24 px: tags, authors, menu, header, order tabs, search.
    const controls =
      '.tag-button, a.author, .side-nav__link, .app-header button, .app-header a, .order-buttons__button, .question-search input, .page-header .btn';
    expect(await smallTargets(page, controls)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/so-habits-list-375.png', fullPage: true });

    // The question page: tags and the vote buttons too.
    await page.goto(`/question/${longQuestion.id}`);
    await page.getByRole('heading', { name: longQuestion.title, level: 1 }).waitFor();
    expect(await smallTargets(page, `${controls}, .vote-box button, .post .btn`)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/so-habits-question-375.png', fullPage: true });

    // The ask form.
    await page.goto('/new/question');
    await page.getByLabel('Question Title').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/so-habits-ask-375.png', fullPage: true });
    await page.context().close();
  });

  it('reads posts at about 75 characters a line and keeps the page frame through a full reload', async () => {
    const page = await newUser(browser);
    await signUp(page, uniqueName('reader'));
    await page.goto(`/question/${longQuestion.id}`);
    await page.getByRole('heading', { name: longQuestion.title, level: 1 }).waitFor();
    // Letters a line of running text: the paragraph's width over the average width of a letter.
    const paragraph = page.locator('.post__text p').first();
    const perLine = await paragraph.evaluate((el) => {
      const probe = document.createElement('span');
      probe.textContent = 'abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz'.repeat(4);
      probe.style.whiteSpace = 'nowrap';
      el.appendChild(probe);
      const average = probe.getBoundingClientRect().width / probe.textContent.length;
      probe.remove();
      return el.getBoundingClientRect().width / average;
    });
    expect(perLine).toBeGreaterThan(65);
    expect(perLine).toBeLessThanOrEqual(80);
    // Code keeps the post's full width.
    const code = await page.locator('.post__text pre').first().boundingBox();
    const prose = await paragraph.boundingBox();
    expect(code && prose && code.width > prose.width + 100).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/so-habits-question-1280.png', fullPage: true });
    await page.goto(`/home?tag=${tag}`);
    await page.locator('.question-card').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/so-habits-list-1280.png', fullPage: true });
    await page.goto('/new/question');
    await page.getByLabel('Question Title').waitFor();
    await page.screenshot({ path: '/tmp/so-habits-ask-1280.png', fullPage: true });

    // A full reload while the session is still being checked: header and menu at once, the content loading.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.me'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/question/${longQuestion.id}`, { waitUntil: 'commit' });
    const main = page.getByRole('main');
    await main.getByRole('status').getByText('Loading...').waitFor();
    await page.locator('.app-header .brand').waitFor();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Questions',
      'Tags',
      'Messaging',
      'Users',
      'Games',
      'Problems',
    ]);
    expect(await menu.getByRole('link', { name: 'Questions' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await page.screenshot({ path: '/tmp/so-habits-reload-frame-1280.png' });
    release();
    await page.getByRole('heading', { name: longQuestion.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.context().close();
  });
});
