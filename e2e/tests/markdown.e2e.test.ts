import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswer, createComment, createQuestion, createUser } from '../support/api';
import { launchBrowser, newUser, uniqueName, uniqueTag } from '../support/browser';
import { settled, signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PLAIN_TEXT = 'This text is too complex to format, so it is shown as plain text.';

/** Records every dialog (alert, confirm, prompt) the page opens, and dismisses it. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Tracks the longest time between two animation frames: a busy main thread shows as a long gap. */
async function watchFrames(page: Page) {
  await page.addInitScript(() => {
    const state = { last: performance.now(), longest: 0 };
    (window as unknown as { __frames: typeof state }).__frames = state;
    const tick = (now: number) => {
      state.longest = Math.max(state.longest, now - state.last);
      state.last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
const longestFrameGap = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: { longest: number } }).__frames.longest);

describe('Markdown posts with code', () => {
  it('asks with a fenced js block: previewed while typing, highlighted on the question page', async () => {
    const asker = await newUser(browser);
    await signUp(asker, uniqueName('coder'));
    // .first(): on an empty site the 'No Questions Found' state offers the same link again.
    await asker.getByRole('link', { name: 'Ask a Question' }).first().click();
    await asker.waitForURL('**/new/question');

    const title = `Why is my array empty after map? ${uniqueName('q')}`;
    const text = [
      'I call `fetchUsers()` and **map** the result, but `names` is empty:',
      '',
      '```js',
      'const names = [];',
      'users.forEach(async (user) => {',
      '  const profile = await load(user.id); // runs later',
      "  names.push(profile.name ?? 'anonymous');",
      '});',
      'console.log(names.length); // 0',
      '```',
      '',
      '- Node 20',
      '- no errors in the console',
      '',
      '> See [the docs](https://developer.mozilla.org/en-US/docs/Web/JavaScript) for `forEach`.',
    ].join('\n');
    await asker.getByLabel('Question Title').fill(title);
    await asker.getByLabel('Question Text').fill(text);

    // The preview beside the box renders the same Markdown as the question page.
    const preview = asker.getByRole('region', { name: 'Preview' });
    await preview.locator('pre code.language-js .hljs-keyword').first().waitFor();
    expect(await preview.locator('li').allTextContents()).toEqual([
      'Node 20',
      'no errors in the console',
    ]);
    const box = await asker.getByLabel('Question Text').boundingBox();
    const previewBox = await preview.boundingBox();
    expect(previewBox && box && previewBox.x > box.x + box.width).toBe(true);

    await asker.getByLabel('Tags').fill(uniqueTag('js'));
    await asker.screenshot({ path: '/tmp/markdown-ask-preview-1280.png', fullPage: true });
    await asker.getByRole('button', { name: 'Post Question' }).click();
    await asker.waitForURL((url) => url.pathname === '/home');
    await asker.getByRole('link', { name: title }).click();
    await asker.getByRole('heading', { name: title, level: 1 }).waitFor();

    const post = asker.locator('.post__text').first();
    const code = post.locator('pre > code.hljs.language-js');
    await code.waitFor();
    expect(await code.locator('.hljs-keyword').first().textContent()).toBe('const');
    expect(await code.locator('.hljs-comment').allTextContents()).toEqual([
      '// runs later',
      '// 0',
    ]);
    expect(await code.locator('.hljs-string').first().textContent()).toBe("'anonymous'");
    // Monospace, and scrolls sideways rather than wrapping.
    const style = await code.evaluate((el) => {
      const pre = el.parentElement as HTMLElement;
      return {
        font: getComputedStyle(el).fontFamily,
        overflowX: getComputedStyle(pre).overflowX,
        whiteSpace: getComputedStyle(pre).whiteSpace,
      };
    });
    expect(style.font).toMatch(/mono/i);
    expect(style.overflowX).toBe('auto');
    expect(style.whiteSpace).toBe('pre');
    expect(await post.locator('p > code').first().textContent()).toBe('fetchUsers()');
    expect(await post.locator('strong').textContent()).toBe('map');
    const docs = post.getByRole('link', { name: 'the docs' });
    expect(await docs.getAttribute('href')).toBe(
      'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
    );
    expect(await docs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await docs.getAttribute('target')).toBe('_blank');
    await asker.screenshot({ path: '/tmp/markdown-question-1280.png', fullPage: true });

    // On a phone the preview sits under the box.
    const phone = await newUser(browser, { width: 375, height: 800 });
    await signUp(phone, uniqueName('phone'));
    await phone.goto(new URL(asker.url()).pathname.replace('/question/', '/new/answer/'));
    await phone
      .getByLabel('Answer Text')
      .fill(
        'Use `for...of` with `await`:\n\n```js\nfor (const user of users) {\n  names.push((await load(user.id)).name);\n}\n```',
      );
    const phonePreview = phone.getByRole('region', { name: 'Preview' });
    await phonePreview.locator('pre code .hljs-keyword').first().waitFor();
    const answerBox = await phone.getByLabel('Answer Text').boundingBox();
    const phonePreviewBox = await phonePreview.boundingBox();
    expect(phonePreviewBox && answerBox && phonePreviewBox.y > answerBox.y + answerBox.height).toBe(
      true,
    );
    await phone.screenshot({ path: '/tmp/markdown-answer-preview-375.png', fullPage: true });
    await phone.getByRole('button', { name: 'Post Answer' }).click();
    await phone.waitForURL(/\/question\/\d+$/);
    await phone.locator('.post--answer pre code .hljs-keyword').first().waitFor();
    await phone.screenshot({ path: '/tmp/markdown-question-375.png', fullPage: true });
  });

  it('renders hostile Markdown as text or refuses it, runs no script and stays responsive', async () => {
    const author = await createUser('hostile');
    const hostile = [
      'Raw HTML stays text:',
      '',
      '<script>window.__xss = 1; alert(1)</script>',
      '',
      '<img src=x onerror="window.__xss = 2; alert(2)">',
      '',
      'Attributes: <a href="https://example.com" onclick="alert(3)" style="color:red">click</a> and <b onmouseover="alert(4)">bold</b>',
      '',
      'Links: [reference][evil], <javascript:alert(5)>, ![pixel](https://example.com/p.png)',
      '',
      '[evil]: javascript:alert(6)',
    ].join('\n');
    const question = await createQuestion(author, {
      title: `Hostile Markdown ${uniqueName('h')}`,
      text: hostile,
      tags: ['security'],
    });
    const quotes = '>'.repeat(500) + ' five hundred quotes deep';
    const lists = '- '.repeat(500) + 'five hundred lists deep';
    // Micromark's emphasis matching is quadratic here: about 10 s of work for a full-length post
    // (several times the page's 3 s budget even on a fast, idle machine), so the worker is given
    // up on and the page never waits.
    const slow = '*_ '.repeat(9_999) + '*_';
    await createAnswer(author, question.id, quotes);
    await createAnswer(author, question.id, lists);
    await createAnswer(author, question.id, slow);
    await createComment(
      author,
      { type: 'question', id: question.id },
      '[x](javascript:alert(7)) and <script>alert(8)</script>',
    );

    const viewer = await newUser(browser);
    const dialogs = recordDialogs(viewer);
    await watchFrames(viewer);
    await signUp(viewer, uniqueName('viewer'));
    await viewer.goto(`/question/${question.id}`);
    await viewer.getByRole('heading', { name: question.title, level: 1 }).waitFor();

    const body = viewer.locator('.question-page .post__text').first();
    await body.locator('.markdown:not(.markdown--plain)').waitFor();
    await body.getByText('<script>window.__xss = 1; alert(1)</script>').waitFor();
    await body.getByText('<img src=x onerror="window.__xss = 2; alert(2)">').waitFor();
    await body.getByText('<b onmouseover="alert(4)">bold</b>', { exact: false }).waitFor();
    // The reference and autolink to javascript: are plain text; the image is a link, never loaded.
    expect(await body.locator('a').evaluateAll((links) => links.map((a) => a.outerHTML))).toEqual([
      '<a href="https://example.com/p.png" target="_blank" rel="noopener noreferrer">pixel</a>',
    ]);
    await body.getByText('javascript:alert(5)').waitFor();

    // Nesting 500 deep and text too slow to parse in time: plain text with the sentence.
    const answers = viewer.locator('.post--answer .post__text');
    await expect.poll(() => answers.count()).toBe(3);
    for (const [index, text] of [quotes, lists, slow].entries()) {
      const answer = answers.nth(index);
      await answer.getByText(PLAIN_TEXT).waitFor({ timeout: 15_000 });
      expect(await answer.locator('.markdown--plain').textContent()).toBe(PLAIN_TEXT + text);
    }

    await viewer.screenshot({ path: '/tmp/markdown-hostile-1280.png' });

    // The comment: inline Markdown, the javascript: link refused, the tag as text.
    const comment = viewer.locator('.comment__text.markdown--inline').first();
    await comment.waitFor();
    expect(await comment.textContent()).toBe('x and <script>alert(8)</script>');
    expect(await comment.locator('a').count()).toBe(0);

    // The form refuses a javascript: link in the spec's words.
    await settled(viewer);
    await viewer.getByRole('link', { name: 'Answer Question' }).click();
    await viewer
      .getByLabel('Answer Text')
      .fill('[x](javascript:alert(9)) <img src=x onerror=alert(10)>');
    await viewer
      .getByRole('region', { name: 'Preview' })
      .getByText('<img src=x onerror=alert(10)>', { exact: false })
      .waitFor();
    await viewer.getByRole('button', { name: 'Post Answer' }).click();
    await viewer.getByText('Invalid hyperlink format.').waitFor();
    await viewer.goBack();
    // Leaving a form with unposted text asks first, in the page: no browser dialog.
    await viewer
      .getByRole('dialog', { name: 'Leave without posting?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await viewer.getByRole('heading', { name: question.title, level: 1 }).waitFor();

    // Nothing ran: no dialog, no marker, no element with an event handler or an unsafe link.
    const unsafe = await viewer.evaluate(() => {
      const posts = Array.from(document.querySelectorAll('.markdown'));
      const elements = posts.flatMap((post) => [post, ...Array.from(post.querySelectorAll('*'))]);
      return {
        posts: posts.length,
        xss: (window as unknown as { __xss?: number }).__xss ?? null,
        scripts: elements.filter((el) => el.matches('script, img, iframe, object, embed, style'))
          .length,
        handlers: elements.filter((el) =>
          Array.from(el.attributes).some((a) => /^on/i.test(a.name)),
        ).length,
        styles: elements.filter((el) => el.hasAttribute('style')).length,
        links: elements
          .filter((el) => el.matches('a'))
          .map((a) => a.getAttribute('href') ?? '')
          .filter((href) => !href.startsWith('https://')),
      };
    });
    expect(unsafe).toEqual({ posts: 5, xss: null, scripts: 0, handlers: 0, styles: 0, links: [] });
    expect(dialogs).toEqual([]);

    // Responsive throughout: no long frame, and a click answers at once.
    expect(await longestFrameGap(viewer)).toBeLessThan(1500);
    const toggle = viewer.getByRole('button', { name: 'Hide Comments' }).first();
    const started = Date.now();
    await toggle.click();
    await viewer.getByRole('button', { name: 'Show Comments' }).first().waitFor();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('shows the real address of a link that names another host, and says why a link is not one', async () => {
    const author = await createUser('phisher');
    const question = await createQuestion(author, {
      title: `Where do I sign in? ${uniqueName('q')}`,
      text: 'Sign in at [https://bank.example/login](https://evil.example/login), or read [the bank.example docs](https://bank.example/docs).',
      tags: [uniqueTag('links')],
    });
    const viewer = await newUser(browser);
    await signUp(viewer, uniqueName('reader'));
    await viewer.goto(`/question/${question.id}`);
    const body = viewer.locator('.question-page .post__text').first();
    await body.getByText('Sign in at').waitFor();
    await settled(viewer);
    // The link that lies shows where it goes; an honest one keeps its text.
    const links = await body
      .locator('a')
      .evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['https://evil.example/login', 'https://evil.example/login'],
      ['the bank.example docs', 'https://bank.example/docs'],
    ]);

    // An http:// link: the preview says why it is not a link, the form refuses it with the hint.
    await viewer.getByRole('link', { name: 'Answer Question' }).click();
    await viewer.getByLabel('Answer Text').fill('See [the docs](http://example.com/docs).');
    const preview = viewer.getByRole('region', { name: 'Preview' });
    await preview
      .getByText(
        '[the docs](http://example.com/docs) is not a link: its address must start with https://.',
      )
      .waitFor();
    await viewer.getByRole('button', { name: 'Post Answer' }).click();
    await viewer
      .getByText('Invalid hyperlink format. Links must start with https://', { exact: false })
      .first()
      .waitFor();
    await viewer.screenshot({ path: '/tmp/markdown-not-a-link-1280.png', fullPage: true });
    await viewer.context().close();
  });
});
