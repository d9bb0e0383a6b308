import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUser, screenshot, uniqueName } from '../support/browser';
import { signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accounts', () => {
  it('signs up, stays signed in on reload, edits the biography, sees new users live, and signs out', async () => {
    const me = uniqueName('dana');
    const page = await newUser(browser);
    await signUp(page, me);

    await page.reload();
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(`**/user/${me}`);
    await page.getByRole('heading', { name: me, level: 1 }).waitFor();
    await page.getByText('No biography yet.').waitFor();
    const joinedOnProfile = await page.locator('main dd time').first().innerText();
    expect(joinedOnProfile).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);

    await page.getByRole('button', { name: 'Edit biography' }).click();
    await page.getByLabel('Biography').fill('I answer SQL questions.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Biography updated!').waitFor();
    await page.reload();
    await page.getByText('I answer SQL questions.').waitFor();
    await screenshot(page, 'accounts-profile');

    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users List' }).waitFor();
    const newcomer = uniqueName('erin');
    const other = await newUser(browser);
    await signUp(other, newcomer);
    // The new user appears without a reload.
    await page
      .getByRole('link', { name: new RegExp(`^${newcomer} reputation [\\d,]+ · joined`) })
      .waitFor();
    // One joined date: the list says it as the profile does.
    expect(
      await page
        .getByRole('link', { name: new RegExp(`^${me} reputation [\\d,]+ · joined`) })
        .locator('time')
        .innerText(),
    ).toBe(joinedOnProfile);
    await screenshot(page, 'accounts-users-live');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await page.context().close();
    await other.context().close();
  });

  it('shows the spec messages for blank and mismatched fields, and the server reason under the form', async () => {
    const page = await newUser(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Please enter a username and password');

    await page.getByLabel('Username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Error while logging in: Incorrect username or password');

    await page.goto('/signup');
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm Password').fill('password124');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Passwords do not match');
    await page.context().close();
  });

  it('resets the password and deletes the account after confirming', async () => {
    const me = uniqueName('fay');
    const page = await newUser(browser, { width: 375, height: 800 });
    await signUp(page, me);
    await page.goto(`/user/${me}`);
    await page.getByLabel('New Password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm New Password').fill('another-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Password reset successful!').waitFor();

    await page.getByRole('button', { name: 'Delete This User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Are you sure you want to delete user ${me}? This action cannot be undone.`)
      .waitFor();
    await screenshot(page, 'accounts-delete-modal-phone', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete This User' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(`User "${me}" deleted successfully.`).waitFor();

    await page.getByLabel('Username').fill(me);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Error while logging in: Incorrect username or password');
    await page.context().close();
  });
});
