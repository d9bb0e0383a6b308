import { ProblemCodePayload, ProblemPayload, TestProblemPayload } from '@app/validators';
import { Router } from 'express';
import { idOf, routesWith, type Caller, type RestDoor } from './adapter';
import { addVoteRoutes } from './vote';
import { wireProblem, wireTestResult } from '../wire';

const PAGE = 100;

const fullProblem = async (caller: Caller, id: number) =>
  wireProblem(await caller.problem.byId({ id }));

/** /problem: the problems, one problem, posting, testing code, voting. */
export function problemRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  router.get(
    '/getProblem/:id',
    route(async (req, _res, { caller }) => fullProblem(caller, idOf(req.params.id, 'problem ID'))),
  );

  // The original client has no paging: every page of the list (newest first), each problem whole.
  router.get(
    '/getAllProblems',
    route(async (_req, _res, { caller }) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await caller.problem.list({ direction: 'desc', cursor, limit: PAGE });
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      const problems = [];
      for (const id of ids) problems.push(await fullProblem(caller, id));
      return problems;
    }),
  );

  // The example solution runs against every test on the server first (the procedure's rule);
  // answers the problem as posted. Votes and createdAt in the payload are ignored.
  router.post(
    '/createProblem',
    route(ProblemPayload, async (_req, _res, { caller, requireSelf, body }) => {
      const { postedBy, ...problemInput } = body;
      await requireSelf(postedBy);
      const { problem } = await caller.problem.create(problemInput);
      return fullProblem(caller, problem.id);
    }),
  );

  router.post(
    '/testProblem',
    route(TestProblemPayload, async (_req, _res, { caller, body }) => {
      const results = await caller.problem.testSolution(body);
      return results.map(wireTestResult);
    }),
  );

  router.post(
    '/testCodeOnProblem/:problemId',
    route(ProblemCodePayload, async (req, _res, { caller, body }) => {
      const problemId = idOf(req.params.problemId, 'problem ID');
      const results = await caller.problem.runTests({ problemId, code: body.code });
      return results.map(wireTestResult);
    }),
  );

  addVoteRoutes(router, door, {
    noun: 'Problem',
    paths: { up: '/upvoteProblem', down: '/downvoteProblem' },
    idField: 'pid',
    idLabel: 'problem ID',
    vote: async (caller, id, vote) => {
      // The vote's own event holds the lists as the vote left them: no second read of the problem.
      const { myVote, event } = await caller.problem.vote({ id, vote });
      if (event.payload.type !== 'voted') throw new Error('a vote published another event');
      const { upVotes, downVotes } = event.payload;
      return { myVote, upVotes, downVotes };
    },
  });

  return router;
}
