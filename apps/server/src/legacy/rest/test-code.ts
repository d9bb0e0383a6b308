import { gameIdOf, TestCodePayload } from '@app/validators';
import { Router } from 'express';
import { restRoute, type RestDoor } from './adapter';
import { wireTestResult } from '../wire';

/**
 * POST /testCode {code, gameId, problemId}: Run Tests in a CollabCode room. The code sent becomes
 * the room's shared text (game.setCode, as a makeMove with updatedCode does; unchanged text changes
 * nothing), then the web app's game.runTests runs the game's problem's tests on it. Its testResults
 * event reaches the room's players as socket.io codeResults {results}; the answer carries them too.
 * problemId is not needed: a game's tests are its own problem's.
 */
export function testCodeRoutes(door: RestDoor): Router {
  const router = Router();
  router.post(
    '/',
    restRoute(door, TestCodePayload, async (_req, _res, { caller, me, body }) => {
      await me();
      // The payload was read whole first: an empty code is refused before it replaces the room's.
      const id = gameIdOf(body);
      await caller.game.setCode({ id, code: body.code });
      const { results } = await caller.game.runTests({ id });
      return { results: results.map(wireTestResult) };
    }),
  );
  return router;
}
