import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { inject } from 'vitest';
import { watchPage } from './diagnostics';

export const baseURL = () => inject('baseURL');
const artifacts = resolve(import.meta.dirname, '../artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser profile (its own cookies) on the test server. */
export async function newUser(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  url = baseURL(),
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ baseURL: url, viewport });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  watchPage(page);
  return page;
}

/** Saves a screenshot under e2e/artifacts for a person to look at. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({
    path: resolve(artifacts, `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

/** A username no other test run has used. */
export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A tag name no other test run has used (tags are at most 20 characters). */
export const uniqueTag = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e3)}`;
