import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProblem, createUser } from '../support/api';
import { launchBrowser, newUser, screenshot, uniqueName } from '../support/browser';
import { codeEditor, sharedEditorText, typeCode } from '../support/codeEditor';
import { cspViolations, recordCspViolations } from '../support/csp';
import { markDocument, notReloaded, signUp } from '../support/flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const gameTitle = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-6)}`;
const gameItem = (page: Page, title: string) => page.getByRole('article', { name: title });
const submitMove = (page: Page) => page.getByRole('button', { name: 'Submit Move' });
const remaining = (page: Page) => page.locator('.nim__remaining').textContent();

/** Takes `count` objects as the player to move, and waits until the other player sees it. */
async function move(mover: Page, watcher: Page, count: number, left: number) {
  await mover.getByLabel(/^Objects to take/).fill(String(count));
  expect(await submitMove(watcher).isDisabled()).toBe(true);
  await submitMove(mover).click();
  await watcher.locator('.nim__remaining', { hasText: new RegExp(`^${left}$`) }).waitFor();
  // The mover's page follows its own answer, which may land after the watcher's event.
  await expect.poll(() => remaining(mover)).toBe(String(left));
}

describe('games', () => {
  it('two players create, join (private, with a password) and play Nim to the end', async () => {
    const ann = await newUser(browser);
    const bob = await newUser(browser, { width: 375, height: 800 });
    await recordCspViolations(ann);
    await recordCspViolations(bob);
    const annName = uniqueName('ann');
    const bobName = uniqueName('bob');
    await signUp(ann, annName);
    await signUp(bob, bobName);
    const title = gameTitle('Nim');

    // Bob waits in the lobby: the new game will arrive there live.
    await bob.goto('/games');
    await bob.getByRole('heading', { name: 'Available Games' }).waitFor();
    await bob.getByRole('button', { name: 'Nim', exact: true }).click();
    await markDocument(bob);

    // Ann: Create Game → Select Game Type → Nim; the form's own checks, in the spec's words.
    await ann.goto('/games');
    await ann.getByRole('button', { name: 'Create Game' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Select Game Type' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await ann.getByRole('button', { name: 'Create Game' }).click();
    await dialog.getByRole('button', { name: 'Nim', exact: true }).click();
    await ann.waitForURL('**/games/create-nim-game');
    await ann.getByRole('button', { name: 'Create Game' }).click();
    await ann.getByText('Game title is required').waitFor();
    await ann.getByLabel('Game Title').fill('  abc ');
    await ann.getByLabel('Private game').check();
    await ann.getByLabel('Room Password').fill('abc');
    await ann.getByRole('button', { name: 'Create Game' }).click();
    await ann.getByText('Game title must be at least 5 characters').waitFor();
    await ann.getByText('Password must be at least 4 characters').waitFor();
    await screenshot(ann, 'games-create-nim-1280');
    await ann.getByLabel('Game Title').fill(title);
    await ann.getByLabel('Room Password').fill('open sesame');
    await ann.getByRole('button', { name: 'Create Game' }).click();
    await ann.waitForURL((url) => url.pathname === '/games');

    // Live in Bob's lobby; private, so Join asks for the password.
    const bobItem = gameItem(bob, title);
    await bobItem.waitFor();
    expect(await bobItem.textContent()).toContain('Waiting for players');
    expect(await notReloaded(bob)).toBe(true);

    // Creating seated Ann (issue 24): her game is marked as hers, with Open.
    await gameItem(ann, title).getByText('Your game').waitFor();
    await gameItem(ann, title)
      .getByRole('link', { name: `Open ${title}` })
      .click();
    await ann.waitForURL(/\/games\/[A-Za-z0-9_-]+$/);
    await ann.getByRole('heading', { name: 'Nim Game', level: 1 }).waitFor();
    await ann.getByText('Status: WAITING_TO_START').waitFor();

    await bobItem.getByText('1 / 2 players').waitFor();
    await bobItem.getByRole('button', { name: `Join ${title}` }).click();
    const bobPassword = bob.getByRole('dialog');
    await bobPassword.getByLabel('Please enter room password:').fill('wrong password');
    await bobPassword.getByRole('button', { name: 'Submit' }).click();
    await bobPassword.getByText('Incorrect password for this game').waitFor();
    await bobPassword.getByLabel('Please enter room password:').fill('open sesame');
    await bobPassword.getByRole('button', { name: 'Submit' }).click();
    await bob.waitForURL(/\/games\/[A-Za-z0-9_-]+$/);
    expect(bob.url()).toBe(ann.url());

    // Both see the game start; Ann (player 1) moves first, and only the player to move may submit.
    await ann.getByText('Status: IN_PROGRESS').waitFor();
    await bob.getByText('Status: IN_PROGRESS').waitFor();
    expect(await remaining(bob)).toBe('21');
    await screenshot(ann, 'games-nim-room-1280');
    await screenshot(bob, 'games-nim-room-375');

    // The input keeps the last digit typed, 1 to 3; empty resets to 1.
    const input = ann.getByLabel(/^Objects to take/);
    await input.fill('');
    expect(await input.inputValue()).toBe('1');
    await input.press('End');
    await input.type('3');
    expect(await input.inputValue()).toBe('3');

    const plays: [Page, Page, number, number][] = [
      [ann, bob, 3, 18],
      [bob, ann, 3, 15],
      [ann, bob, 3, 12],
      [bob, ann, 3, 9],
      [ann, bob, 3, 6],
      [bob, ann, 3, 3],
      [ann, bob, 2, 1],
    ];
    // Bob's replies come 1.5 s late, as over a slow network: Ann's next move reaches his page
    // first, and his board must follow it, never the older state a late reply carries (applied,
    // it put his board back and took his turn away).
    const lateReplies: Promise<void>[] = [];
    await bob.route('**/trpc/game.nimMove**', (route) => {
      const late = (async () => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.fulfill({ response });
      })();
      lateReplies.push(late);
      return late;
    });
    for (const [mover, watcher, count, left] of plays) await move(mover, watcher, count, left);
    await Promise.all(lateReplies);
    await bob.unroute('**/trpc/game.nimMove**');

    // One object left: the input takes at most 1 and says why beside itself; the board stays put.
    const last = bob.getByLabel('Objects to take (1 to 1)');
    const boardTop = async () => (await bob.locator('.nim__objects').boundingBox())?.y;
    const before = await boardTop();
    await last.fill('3');
    expect(await last.inputValue()).toBe('1');
    await bob
      .locator('.nim__move')
      .getByText('Only 1 object is left: you can take only 1')
      .waitFor();
    expect(await boardTop()).toBe(before);
    await screenshot(bob, 'games-nim-one-left-375');
    await move(bob, ann, 1, 0);

    // Bob took the last object: he loses, Ann wins; both see it.
    for (const page of [ann, bob]) {
      await page.getByText('Status: OVER').waitFor();
      await page.getByText(`Winner: ${annName}`).waitFor();
      expect(await submitMove(page).count()).toBe(0);
    }
    await screenshot(bob, 'games-nim-over-375');

    // Leave Game goes back to the lobby, where the game shows as over once finished games are shown.
    await bob.getByRole('button', { name: 'Leave Game' }).click();
    await bob.waitForURL((url) => url.pathname === '/games');
    await bob.getByLabel('Show finished').check();
    await gameItem(bob, title).getByText('Over').waitFor();
    expect(await notReloaded(bob)).toBe(true);
    expect(await cspViolations(ann)).toEqual([]);
    expect(await cspViolations(bob)).toEqual([]);
    await ann.context().close();
    await bob.context().close();
  });

  it('two players type into the same CollabCode editor at once, see one merged text, and both see the test results, after a reload too', async () => {
    const author = await createUser('setter');
    const problem = await createProblem(author, {
      title: `Add two ${uniqueName('p')}`,
      problemText: 'Return the sum of a and b.',
      functionSignature: 'function addUp(a, b) {\n  \n}',
      testCases: [
        { testCode: 'assert(addUp(1, 2), 3)', hidden: false },
        { testCode: 'assert(addUp(-4, 10), 6)', hidden: true },
      ],
      suggestedSolution: 'function addUp(a, b) {\n  return a + b;\n}',
    });

    const ann = await newUser(browser);
    const bob = await newUser(browser, { width: 375, height: 800 });
    await recordCspViolations(ann);
    await recordCspViolations(bob);
    const annName = uniqueName('ann');
    const bobName = uniqueName('bob');
    await signUp(ann, annName);
    await signUp(bob, bobName);
    const title = gameTitle('Pair');

    // Ann creates the game through the form: Create Game waits for a problem.
    await ann.goto('/games/create-collab-code');
    // Nothing is an error before it was touched: no message in red, only the hint by the button.
    const choice = ann.getByRole('radio', { name: new RegExp(problem.title) });
    await choice.waitFor();
    expect(await ann.locator('.field__error').count()).toBe(0);
    await screenshot(ann, 'games-create-collab-untouched-1280');
    // Leaving the problem list without choosing one says so, beside the list.
    await choice.focus();
    await ann.getByLabel('Game Title').focus();
    await ann
      .locator('.problem-picker .field__error')
      .getByText('You must select a problem for the game')
      .waitFor();
    await ann.getByLabel('Game Title').fill(title);
    expect(await ann.getByLabel('Player Limit').inputValue()).toBe('4');
    expect(await ann.getByLabel('Time Limit (minutes)').inputValue()).toBe('60');
    await ann.getByLabel('Player Limit').fill('1');
    await ann.getByLabel('Time Limit (minutes)').fill('241');
    const create = ann.getByRole('button', { name: 'Create Game' });
    expect(await create.isDisabled()).toBe(true);
    await ann.getByRole('radio', { name: new RegExp(problem.title) }).check();
    await create.click();
    await ann.getByText('Minimum 2 players required').waitFor();
    await ann.getByText('Maximum time limit is 240 minutes').waitFor();
    await screenshot(ann, 'games-create-collab-1280');
    await ann.getByLabel('Player Limit').fill('2');
    await ann.getByLabel('Time Limit (minutes)').fill('30');
    await create.click();
    await ann.waitForURL((url) => url.pathname === '/games');

    // Ann was seated by creating it (issue 24) and opens it; Bob joins from the lobby.
    await ann.getByRole('button', { name: 'CollabCode', exact: true }).click();
    await screenshot(ann, 'games-lobby-1280');
    await gameItem(ann, title)
      .getByRole('link', { name: `Open ${title}` })
      .click();
    await ann.waitForURL(/\/games\/[A-Za-z0-9_-]+$/);
    await bob.goto('/games');
    await gameItem(bob, title).getByText('1 / 2 players').waitFor();
    await screenshot(bob, 'games-lobby-375');
    await gameItem(bob, title)
      .getByRole('button', { name: `Join ${title}` })
      .click();
    await bob.waitForURL(/\/games\/[A-Za-z0-9_-]+$/);

    for (const page of [ann, bob]) {
      await page.getByRole('heading', { name: 'Collaborative Coding', level: 1 }).waitFor();
      await page.getByText('Status: IN_PROGRESS').waitFor();
      await page
        .getByRole('timer')
        .getByText(/^(29|30):\d\d$/)
        .waitFor();
      await page.getByText('function addUp(a, b) {').waitFor();
    }

    // Both type at the same time: Ann at the end, Bob at the start.
    const annText = '\n// ann was here';
    const bobText = '// bob says hi\n';
    const typeAt = async (page: Page, key: string, text: string) => {
      await codeEditor(page, 'Shared Code').click();
      await page.keyboard.press(key);
      await page.keyboard.type(text, { delay: 15 });
    };
    await Promise.all([
      typeAt(ann, 'ControlOrMeta+End', annText),
      typeAt(bob, 'ControlOrMeta+Home', bobText),
    ]);
    const expected = `${bobText}function addUp(a, b) {\n  \n}${annText}`;
    for (const page of [ann, bob]) {
      await expect
        .poll(() => sharedEditorText(page, 'Shared Code'), { timeout: 10_000 })
        .toBe(expected);
    }
    // Each sees the other's cursor with their name.
    await ann.locator('.cm-ySelectionInfo', { hasText: bobName }).waitFor();
    await bob.locator('.cm-ySelectionInfo', { hasText: annName }).waitFor();
    // A name shows for a moment after its cursor moves, then clears the code above it; pointing at
    // the cursor shows it again.
    const bobLabel = ann.locator('.cm-ySelectionInfo', { hasText: bobName });
    const opacity = () => bobLabel.evaluate((label) => getComputedStyle(label).opacity);
    await expect.poll(opacity, { timeout: 10_000 }).toBe('0');
    await ann.locator('.cm-ySelectionCaret', { has: bobLabel }).hover();
    await expect.poll(opacity).toBe('1');
    await screenshot(ann, 'games-collab-cursor-name-1280');
    await ann.mouse.move(0, 0);
    await screenshot(ann, 'games-collab-room-1280');
    await screenshot(bob, 'games-collab-room-375');

    // A reload restores the whole text.
    await bob.reload();
    await expect
      .poll(() => sharedEditorText(bob, 'Shared Code'), { timeout: 10_000 })
      .toBe(expected);

    // Run Tests: the results reach both players.
    await ann.getByRole('button', { name: 'Run Tests' }).click();
    for (const page of [ann, bob]) {
      await page.getByText(`Tests run by ${annName}`).waitFor();
      await page.getByText('0 of 2 tests passed').waitFor();
    }
    // They stay with the game: a reload shows the room's latest run again.
    await bob.reload();
    await bob.getByText(`Tests run by ${annName}`).waitFor();
    await bob.getByText('0 of 2 tests passed').waitFor();

    // Bob solves it; all tests pass, so the game ends with both as winners, read-only for both.
    await typeCode(bob, 'Shared Code', 'function addUp(a, b) { return a + b; }');
    await expect
      .poll(() => sharedEditorText(ann, 'Shared Code'), { timeout: 10_000 })
      .toBe('function addUp(a, b) { return a + b; }');
    await bob.getByRole('button', { name: 'Run Tests' }).click();
    for (const page of [ann, bob]) {
      await page.getByText(`Tests run by ${bobName}`).waitFor();
      await page.getByText('2 of 2 tests passed').waitFor();
      await page.getByText('Status: OVER').waitFor();
      await page.getByText(/^Winners: /).waitFor();
      // The clock stops at the win and shows the finishing time, not a frozen countdown.
      await page.getByText(/^Finished in \d+:\d\d$/).waitFor();
      expect(await page.getByRole('timer').count()).toBe(0);
      expect(await codeEditor(page, 'Shared Code').getAttribute('contenteditable')).toBe('false');
    }
    expect(await cspViolations(ann)).toEqual([]);
    expect(await cspViolations(bob)).toEqual([]);
    await ann.context().close();
    await bob.context().close();
  });
});
