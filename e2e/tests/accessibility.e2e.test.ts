import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnswer,
  createChat,
  createCollabCodeGame,
  createComment,
  createNimGame,
  createProblem,
  createQuestion,
  createSubmission,
  createUser,
  joinGame,
  sendChatMessage,
  sendGlobalMessage,
} from '../support/api';
import { seriousA11yViolations } from '../support/axe';
import { launchBrowser, newUser, uniqueName, uniqueTag } from '../support/browser';
import { codeEditor } from '../support/codeEditor';
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

  // Eighteen screens, each loaded and read by axe twice (desktop and phone): 54 and over 60 s beside
  // another CI run, so the suite's minute is too short for it.
  it(
    'every signed-in screen built so far has no serious violations, on desktop and phone',
    {
      timeout: 180_000,
    },
    async () => {
      // A question with a link, tags, an answer and comments, so the pages show every kind of content.
      const author = await createUser('author');
      const answerer = await createUser('answerer');
      const tag = uniqueTag('ally');
      const question = await createQuestion(author, {
        title: `Accessible question ${uniqueName('q')}`,
        text: 'It links to [the docs](https://example.com/docs).',
        tags: [tag, uniqueTag('wcag')],
      });
      const answerText = `An answer to check ${uniqueName('a')}`;
      const answer = await createAnswer(answerer, question.id, answerText);
      await createComment(answerer, { type: 'question', id: question.id }, 'A comment on it');
      await createComment(author, { type: 'answer', id: answer.id }, 'A comment on the answer');
      const globalText = `A message for everyone ${uniqueName('g')}`;
      await sendGlobalMessage(author, globalText);
      // A problem with a visible and a hidden test, and someone's accepted solution on its leaderboard.
      const problem = await createProblem(author, {
        title: `Accessible problem ${uniqueName('p')}`,
        problemText: 'Return the larger of two numbers; see [the docs](https://example.com/max).',
        functionSignature: 'function larger(a, b) {\n  \n}',
        testCases: [
          { testCode: 'assert(larger(1, 2), 2)', hidden: false },
          { testCode: 'assert(larger(-5, -9), -5)', hidden: true },
        ],
        suggestedSolution: 'function larger(a, b) {\n  return Math.max(a, b);\n}',
      });
      const submission = await createSubmission(
        answerer,
        problem.id,
        'function larger(a, b) {\n  return a > b ? a : b;\n}',
      );

      // Games: a private Nim game in progress and a CollabCode game on the problem.
      const nim = await createNimGame(author, {
        title: `Nim ${uniqueTag('a')}`,
        isPrivate: true,
        password: 'open sesame',
      });
      await joinGame(author, nim.id, 'open sesame');
      await joinGame(answerer, nim.id, 'open sesame');
      const waiting = await createNimGame(author, {
        title: `Wait ${uniqueTag('a')}`,
        isPrivate: true,
        password: 'open sesame',
      });

      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 375, height: 800 },
      ]) {
        const page = await newUser(browser, viewport);
        const me = uniqueName('ally');
        await signUp(page, me);
        // A direct chat with an unread message, so the menu badge, the chat list and the chat show.
        const chat = await createChat(author, me);
        const directText = `A private message ${uniqueName('d')}`;
        await sendChatMessage(author, chat.id, directText);
        // A CollabCode game this user plays, so the room shows the shared editor.
        const collab = await createCollabCodeGame(author, {
          title: `Pair ${uniqueTag('a')}`,
          problemId: problem.id,
        });
        await joinGame(author, collab.id);
        const screens: [string, () => Promise<void>][] = [
          ['/home', () => page.getByRole('link', { name: question.title }).waitFor()],
          ['/tags', () => page.getByRole('link', { name: tag, exact: true }).waitFor()],
          ['/new/question', () => page.getByRole('button', { name: 'Post Question' }).waitFor()],
          [
            `/question/${question.id}`,
            async () => {
              await page.getByRole('heading', { name: question.title, level: 1 }).waitFor();
              await page.getByText(answerText).waitFor();
            },
          ],
          [
            `/new/answer/${question.id}`,
            () => page.getByRole('button', { name: 'Post Answer' }).waitFor(),
          ],
          [
            '/users',
            () =>
              page
                .getByRole('link', {
                  name: new RegExp(`^${author.username} reputation [\\d,]+ · joined`),
                })
                .waitFor(),
          ],
          [`/user/${me}`, () => page.getByRole('button', { name: 'Delete This User' }).waitFor()],
          ['/messaging', () => page.getByRole('log').getByText(globalText).waitFor()],
          [
            '/messaging/direct-message',
            async () => {
              await page.getByRole('link', { name: /^Chat with:.*1 unread/ }).waitFor();
              await page.getByText('Select a user to start chatting').waitFor();
              // With the Start a Chat panel open: the user picker.
              await page.getByRole('button', { name: 'Start a Chat' }).click();
              await page.getByRole('radio').first().waitFor();
            },
          ],
          [
            `/messaging/direct-message?chat=${chat.id}`,
            async () => {
              await page.getByRole('log').getByText(directText).waitFor();
              await page.getByRole('button', { name: 'Add Participant' }).click();
              await page.getByRole('radio').first().waitFor();
            },
          ],
          ['/problems', () => page.getByRole('link', { name: problem.title }).waitFor()],
          [
            '/problems/create',
            async () => {
              await codeEditor(page, 'Example Solution').waitFor();
              // With the form's errors showing.
              await page
                .getByRole('button', { name: 'Submit', exact: true })
                .click({ force: true });
              await page.getByText('Not all fields have been filled').waitFor();
            },
          ],
          [
            `/problem/${problem.id}`,
            async () => {
              await page.getByRole('heading', { name: problem.title, level: 1 }).waitFor();
              await page.getByRole('button', { name: 'Show Solution' }).click();
              await codeEditor(page, 'Suggested Solution').waitFor();
              await page.getByRole('link', { name: /^Submission by / }).waitFor();
            },
          ],
          [
            `/problems/${problem.id}/attempt`,
            async () => {
              await codeEditor(page, 'Your Solution').waitFor();
              // With the results panel: the bare signature fails both tests, one of them hidden.
              await page.getByRole('button', { name: 'Run Tests' }).click();
              await page.getByText('Some tests failed. Check the results below.').waitFor();
            },
          ],
          [
            `/problems/${problem.id}/${submission.id}`,
            () => codeEditor(page, 'Submitted Code').waitFor(),
          ],
          [
            '/games',
            async () => {
              await page.getByRole('article', { name: nim.title }).waitFor();
              await page.getByRole('button', { name: `Join ${collab.title}` }).waitFor();
              // With the password prompt of a private game open.
              await page.getByRole('button', { name: `Join ${waiting.title}` }).click();
              await page.getByLabel('Please enter room password:').waitFor();
              // Once the dialog has faded in (colours are measured as shown).
              await page
                .locator('.modal-backdrop')
                .evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
            },
          ],
          [
            '/games/create-nim-game',
            async () => {
              await page.getByRole('button', { name: 'Create Game' }).click();
              await page.getByText('Game title is required').waitFor();
            },
          ],
          [
            '/games/create-collab-code',
            () => page.getByRole('radio', { name: new RegExp(problem.title) }).waitFor(),
          ],
          [`/games/${nim.id}`, () => page.getByText('Status: IN_PROGRESS').waitFor()],
          [
            '/games',
            async () => {
              // Joined from the lobby: the room with the shared editor.
              await page.getByRole('button', { name: `Join ${collab.title}` }).click();
              await page.waitForURL(`**/games/${collab.id}`);
              await codeEditor(page, 'Shared Code').waitFor();
              await page.getByText('function larger(a, b) {').waitFor();
            },
          ],
        ];
        for (const [path, ready] of screens) {
          await page.goto(path);
          await ready();
          expect(await seriousA11yViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
        }
        await page.context().close();
      }
    },
  );
});
