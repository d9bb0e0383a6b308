import { dialect, games } from '@app/db';
import { assertCanEdit, endCollabCode, GAME_STATUS } from '@app/games';
import { gameMessages, PASSING_STATUS } from '@app/validators';
import { eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { readProblemTests } from '../problems/problem-tests';
import { runInSandbox } from '../problems/sandbox-runs';
import type { TestResultView } from '../problems/shapes';
import { resultViews } from '../problems/test-results';
import { collabCodeGame } from './collab-code-game';
import { saveAndPublish } from './game-changes';
import { docText, loadDoc, withDoc } from './game-docs';
import { applyRule } from './game-rules';
import { gameView, readGame, saveTestResults } from './game-store';

/**
 * Run Tests in a CollabCode room: the document's current text against every test of the problem
 * (hidden ones too) in the sandbox, counted against the viewer's test-run limit. The results go to
 * the whole room as one event, redacted for everyone as for anyone but the problem's author (the
 * room is shared, and its players are not the problem's author): a hidden test's verdict only,
 * the other figures rounded. They are kept with the game for its players' game.byId. When every
 * test passes, the game ends with every player a winner.
 */
export async function runGameTests(
  deps: ApiDeps,
  viewer: Viewer,
  id: string,
  signal?: AbortSignal,
) {
  const game = collabCodeGame(await readGame(deps.db, id));
  applyRule(() => assertCanEdit(game.state, viewer.username, Date.now()));
  const code = await withDoc(deps.games.docs, id, async () =>
    docText(await loadDoc(deps.db, deps.games.docs, id, game.state.problemId)),
  );
  if (code.trim() === '') {
    throw new Refusal({ code: 'BAD_REQUEST', message: gameMessages.emptySolution });
  }
  const problem = await readProblemTests(deps.db, game.state.problemId);
  // The sandbox is slow work: outside the write.
  const results = await runInSandbox(
    deps,
    viewer,
    code,
    problem.tests.map((test) => test.testCode),
    signal,
  );
  const views: TestResultView[] = resultViews(problem.tests, results, false);
  const allPassed = results.length > 0 && results.every((r) => r.status === PASSING_STATUS);
  return writeTransaction(deps, async (scope) => {
    await dialect.lockRows(scope.tx, games, eq(games.id, id));
    // Kept with the game too, so a reload or a later player sees the room's latest run.
    const latest = { results: views, by: viewer.username, runAt: scope.now.getTime() };
    await saveTestResults(scope.tx, id, latest);
    const event = scope.publish('game', id, { type: 'testResults', gameId: id, ...latest });
    const current = collabCodeGame(await readGame(scope.tx, id));
    if (allPassed && current.state.status === GAME_STATUS.inProgress) {
      const ended = await saveAndPublish(
        scope,
        current,
        endCollabCode(current.state, {
          winners: [...current.state.players],
          reason: { kind: 'solved' },
          now: scope.now.getTime(),
        }),
      );
      return { results: views, event, game: ended.game, stateEvent: ended.event };
    }
    return { results: views, event, game: await gameView(scope.tx, current), stateEvent: null };
  });
}
