import { PASSING_STATUS } from '@app/validators';
import type { ApiDeps } from '../../core/deps';
import { readProblemTests } from '../problems/problem-tests';
import type { TestResultView } from '../problems/shapes';
import { resultViews } from '../problems/test-results';
import type { CollabCodeRecord } from './collab-code-game';
import { docText, loadDoc, withDoc } from './game-docs';

export interface FinalRun {
  results: TestResultView[];
  passed: number;
  total: number;
}

/**
 * At time-up the room's final code is tested like Run Tests (every test of the problem, redacted as
 * for the players), on the game's own account in the sandbox (no player pressed anything). Slow
 * work: called before the write that ends the game. Null when the sandbox could not run it; empty
 * code passes nothing.
 */
export async function runFinalTests(
  deps: ApiDeps,
  game: CollabCodeRecord,
): Promise<FinalRun | null> {
  const problem = await readProblemTests(deps.db, game.state.problemId);
  const total = problem.tests.length;
  const code = await withDoc(deps.games.docs, game.id, async () =>
    docText(await loadDoc(deps.db, deps.games.docs, game.id, game.state.problemId)),
  );
  if (code.trim() === '') return { results: [], passed: 0, total };
  try {
    const results = await deps.sandbox.runTests(
      code,
      problem.tests.map((test) => test.testCode),
      undefined,
      { owner: `game:${game.id}` },
    );
    const passed = results.filter((result) => result.status === PASSING_STATUS).length;
    return { results: resultViews(problem.tests, results, false), passed, total };
  } catch (error) {
    console.error(`testing the final code of game ${game.id} failed:`, error);
    return null;
  }
}
