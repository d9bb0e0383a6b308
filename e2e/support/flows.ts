import type { Page } from 'playwright-core';
import { baseURL } from './browser';

/** Signs a new user up through the Signup screen and waits for the question list. */
export async function signUp(
  page: Page,
  username: string,
  password = 'password123',
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/home');
}

/** Marks the current document: if the marker is still there later, the page was never reloaded. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
}
export const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** Asks a question through the New Question form and waits for the list. */
export async function askQuestion(
  page: Page,
  fields: { title: string; text: string; tags: string },
) {
  // .first(): on an empty site the 'No Questions Found' state offers the same link again.
  await page.getByRole('link', { name: 'Ask a Question' }).first().click();
  await page.waitForURL('**/new/question');
  await page.getByLabel('Question Title').fill(fields.title);
  await page.getByLabel('Question Text').fill(fields.text);
  await page.getByLabel('Tags').fill(fields.tags);
  await page.getByRole('button', { name: 'Post Question' }).click();
  await page.waitForURL((url) => url.pathname === '/home');
}

/** The header's bell: a button named for what it is and how many are unread. */
export const bell = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications,/ });
export const bellName = (page: Page) => bell(page).getAttribute('aria-label');
/** The bell's open panel. */
export const notificationPanel = (page: Page) =>
  page.getByRole('region', { name: 'Notifications' });

/**
 * Waits for the page to settle: nothing on it aria-busy (a post's Markdown still being formatted, an
 * editor still loading). Call it before clicking on a page that has just shown Markdown: formatting
 * reflows the page, and a click whose mousedown and mouseup land on different spots is lost.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

/** Signs the page's browser profile in as a user made through the API (their session cookie). */
export async function signInAs(page: Page, user: { session: string }): Promise<void> {
  await page.context().addCookies([{ name: 'qa_session', value: user.session, url: baseURL() }]);
}
