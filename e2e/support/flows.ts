import type { Page } from 'playwright-core';

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
