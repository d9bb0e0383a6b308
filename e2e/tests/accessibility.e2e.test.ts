import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, uniqueName } from '../support/browser';
import { signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core, WCAG 2 A/AA, serious and critical)', () => {
  it('the login and signup screens have no serious violations', async () => {
    const page = await newUser(browser);
    for (const path of ['/', '/signup']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    await page.context().close();
  });

  it('every signed-in screen built so far has no serious violations, on desktop and phone', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 800 },
    ]) {
      const page = await newUser(browser, viewport);
      const me = uniqueName('ally');
      await signUp(page, me);
      const screens: [string, () => Promise<void>][] = [
        ['/home', () => page.getByRole('heading', { name: 'All Questions' }).waitFor()],
        ['/tags', () => page.getByRole('heading', { name: /Tags$/ }).first().waitFor()],
        ['/new/question', () => page.getByRole('button', { name: 'Post Question' }).waitFor()],
        ['/question/1', () => page.getByRole('button', { name: 'Answer Question' }).waitFor()],
        ['/new/answer/1', () => page.getByRole('button', { name: 'Post Answer' }).waitFor()],
        ['/users', () => page.getByRole('heading', { name: 'Users List' }).waitFor()],
        [`/user/${me}`, () => page.getByRole('button', { name: 'Delete This User' }).waitFor()],
        ['/messaging', () => page.getByRole('heading', { name: 'Chat Room' }).waitFor()],
      ];
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready();
        expect(await seriousA11yViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
      }
      await page.context().close();
    }
  });
});
