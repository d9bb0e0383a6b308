import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProblem,
  createSubmission,
  createUser,
  type ApiUser,
  type ProblemFields,
} from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, screenshot, uniqueName, uniqueTag } from '../support/browser';
import { codeEditor, codeEditorText, pasteCode, typeCode } from '../support/codeEditor';
import { settled, signInAs } from '../support/flows';

// Issue 24, Problems (LeetCode habits): the attempt workspace keeps your code, runs and submits
// from the keyboard, shows a verdict with percentiles; the list shows Solved, difficulty and topics
// and filters by them.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIGNATURE = 'function triple(n) {\n  \n}';
const SOLUTION = 'function triple(n) {\n  return 3 * n;\n}';

async function postProblem(
  author: ApiUser,
  title: string,
  difficulty: 'easy' | 'medium' | 'hard',
  topics: string[],
) {
  const fields: ProblemFields & { difficulty: string; topics: string[] } = {
    title,
    problemText: 'Return three times n.',
    functionSignature: SIGNATURE,
    testCases: [
      { testCode: 'assert(triple(2), 6)', hidden: false },
      { testCode: 'assert(triple(-3), -9)', hidden: true },
    ],
    suggestedSolution: SOLUTION,
    difficulty,
    topics,
  };
  return createProblem(author, fields);
}

const noViolations = async (page: Page) => {
  await settled(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
};

describe('the problem workspace (issue 24)', () => {
  it('keeps a draft through a reload, Back and another device; runs with Ctrl+Enter; asks before Reset; shows the verdict, Solved and the filters', async () => {
    const author = await createUser('setter');
    const rival = await createUser('rival');
    const solver = await createUser('solver');
    const topic = uniqueTag('t');
    const title = `Triple ${uniqueName('w')}`;
    const hard = await postProblem(author, title, 'hard', [topic, 'math']);
    await postProblem(author, `Easy ${title}`, 'easy', [topic]);
    // Someone solved it before: the verdict says where the new submission stands among others.
    await createSubmission(rival, hard.id, SOLUTION);

    const page = await newUser(browser);
    await signInAs(page, solver);
    const attemptPath = `/problems/${hard.id}/attempt`;
    await page.goto(attemptPath);
    await codeEditor(page, 'Your Solution').waitFor();
    expect(await codeEditorText(page, 'Your Solution')).toBe(SIGNATURE);

    // Two panes at 1280 px with a divider the keyboard moves too.
    const divider = page.getByRole('separator', { name: 'Resize the description and the editor' });
    const before = Number(await divider.getAttribute('aria-valuenow'));
    await divider.focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => Number(await divider.getAttribute('aria-valuenow')))
      .toBe(before + 5);
    await page.getByText('Return three times n.').waitFor();
    await page.getByRole('button', { name: 'Run Tests' }).locator('kbd').waitFor();

    // A draft survives a reload…
    const draft = 'function triple(n) { return n + 4; }';
    await typeCode(page, 'Your Solution', draft);
    await page.getByText('Draft saved').waitFor();
    await page.reload();
    await expect.poll(() => codeEditorText(page, 'Your Solution')).toBe(draft);
    // …a Back navigation…
    await page.getByRole('link', { name: 'Back to the problem' }).click();
    await page.waitForURL(`**/problem/${hard.id}`);
    await page.goBack();
    await page.waitForURL(`**${attemptPath}`);
    await expect.poll(() => codeEditorText(page, 'Your Solution')).toBe(draft);
    // …and reaches another device (the server keeps it).
    const phone = await newUser(browser, { width: 375, height: 800 });
    await signInAs(phone, solver);
    await phone.goto(attemptPath);
    await expect.poll(() => codeEditorText(phone, 'Your Solution')).toBe(draft);

    // Ctrl+Enter runs the tests, from inside the editor.
    await codeEditor(page, 'Your Solution').click();
    await page.keyboard.press('Control+Enter');
    await page.getByText('Some tests failed. Check the results below.').waitFor();
    await page
      .getByRole('region', { name: 'Test Results' })
      .getByText('1 of 2 tests passed')
      .waitFor();
    expect(await codeEditorText(page, 'Your Solution')).toBe(draft);

    // Reset to starter code asks first: Cancel keeps the code, the confirmation resets it.
    await page.getByRole('button', { name: 'Reset to starter code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset to starter code?' });
    await dialog.waitFor();
    await noViolations(page);
    await screenshot(page, 'problems-workspace-reset-1280', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await codeEditorText(page, 'Your Solution')).toBe(draft);
    await page.getByRole('button', { name: 'Reset to starter code' }).click();
    await dialog.getByRole('button', { name: 'Reset to starter code' }).click();
    await expect.poll(() => codeEditorText(page, 'Your Solution')).toBe(SIGNATURE);

    // The right code, run with the shortcut, submitted with Ctrl+Shift+Enter: the verdict panel.
    await pasteCode(page, 'Your Solution', SOLUTION);
    await page.keyboard.press('Control+Enter');
    await page.getByText('All tests passed!').waitFor();
    await noViolations(page);
    await screenshot(page, 'problems-workspace-1280', false);
    await page.keyboard.press('Control+Shift+Enter');
    await page.getByText('Solution submitted successfully!').waitFor();
    await page.waitForURL(`**/problem/${hard.id}`);
    const verdict = page.getByRole('region', { name: 'Accepted' });
    await verdict.getByText(/^faster than \d+% of submissions$/).waitFor();
    await verdict.getByText(/^uses less memory than \d+% of submissions$/).waitFor();
    await verdict.getByText(/^[\d.,]+ ms$/).waitFor();
    // The problem page: Solved and the user's own submission.
    const mine = page.getByRole('region', { name: /^Your Submissions/ });
    await mine.getByText('Solved').waitFor();
    expect(await mine.getByRole('listitem').count()).toBe(1);
    await page.getByText('2 submissions · 100% accepted').waitFor();
    await page.getByText('Hard', { exact: true }).waitFor();
    // The leaderboard on its own, without the example solution.
    await page.getByRole('button', { name: 'Show Submissions' }).click();
    await page
      .getByRole('link', { name: new RegExp(`^Submission by ${rival.username}`) })
      .waitFor();
    expect(await codeEditor(page, 'Suggested Solution').count()).toBe(0);
    await noViolations(page);
    await screenshot(page, 'problems-page-verdict-1280');
    // The verdict was for that moment: a reload shows Solved, not the verdict again.
    await page.reload();
    await mine.getByText('Solved').waitFor();
    expect(await verdict.count()).toBe(0);

    // The list: Solved for this viewer, difficulty, counts; filtered by topic, then by difficulty.
    await page.goto(`/problems?topic=${topic}`);
    const card = (name: string) =>
      page.locator('.problem-card', { has: page.getByRole('link', { name, exact: true }) });
    await card(title).getByText('Solved').waitFor();
    await card(title).getByText('Hard', { exact: true }).waitFor();
    await card(title).getByText('2 submissions · 100% accepted').waitFor();
    await card(`Easy ${title}`).getByText('Easy', { exact: true }).waitFor();
    expect(await card(`Easy ${title}`).getByText('Solved').count()).toBe(0);
    expect(await page.locator('.problem-card').count()).toBe(2);
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.waitForURL((url) => url.searchParams.get('difficulty') === 'hard');
    expect(new URL(page.url()).searchParams.get('topic')).toBe(topic);
    await expect.poll(() => page.locator('.problem-card').count()).toBe(1);
    await card(title).waitFor();
    await noViolations(page);
    await screenshot(page, 'problems-list-filtered-1280');
    // A topic on a card opens the list filtered by it.
    await page.goto('/problems');
    await card(title).getByRole('link', { name: 'math' }).click();
    await page.waitForURL((url) => url.searchParams.get('topic') === 'math');
    await card(title).waitFor();

    // The phone: tabs Description / Code / Results, the same screens pass axe at 375 px.
    await phone.goto(attemptPath);
    await phone.getByRole('tab', { name: 'Code', selected: true }).waitFor();
    await codeEditor(phone, 'Your Solution').waitFor();
    await noViolations(phone);
    await screenshot(phone, 'problems-workspace-375');
    await phone.getByRole('tab', { name: 'Description' }).click();
    await phone.getByText('Return three times n.').waitFor();
    await noViolations(phone);
    await phone.getByRole('tab', { name: 'Code' }).click();
    await phone.keyboard.press('Control+Enter');
    await phone.getByRole('tab', { name: 'Results', selected: true }).waitFor();
    await phone.getByRole('region', { name: 'Test Results' }).waitFor();
    await noViolations(phone);
    await screenshot(phone, 'problems-workspace-results-375');
    await phone.goto(`/problem/${hard.id}`);
    await phone
      .getByRole('region', { name: /^Your Submissions/ })
      .getByText('Solved')
      .waitFor();
    await noViolations(phone);
    await screenshot(phone, 'problems-page-375');
    await phone.goto(`/problems?topic=${topic}`);
    await phone
      .locator('.problem-card', { has: phone.getByRole('link', { name: title, exact: true }) })
      .getByText('Solved')
      .waitFor();
    await noViolations(phone);
    await screenshot(phone, 'problems-list-375');

    await page.context().close();
    await phone.context().close();
  });
});
