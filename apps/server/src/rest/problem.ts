import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { idOf, objectOf, restRoute, textOf, type Caller } from './adapter';
import { addVoteRoutes } from './vote';
import { wireProblem, wireTestResult } from './wire';

const PAGE = 100;

/**
 * A number as the client may send it (a number, or a form's numeric text). Absent or blank is
 * undefined (the procedure's default applies); anything else is NaN, for its schema to name.
 */
export function numberOf(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return Number.NaN;
}

/** Test cases as {testCode, hidden} objects (hidden false when absent) or as plain test code. */
function testCasesOf(value: unknown): { testCode: string; hidden: boolean }[] {
  if (!Array.isArray(value)) return [];
  return value.map((test) => {
    if (typeof test === 'string') return { testCode: test, hidden: false };
    const fields = (test ?? {}) as { testCode?: unknown; hidden?: unknown };
    return { testCode: textOf(fields.testCode), hidden: fields.hidden === true };
  });
}

const fullProblem = async (caller: Caller, id: number) =>
  wireProblem(await caller.problem.byId({ id }));

/** /problem: the problems, one problem, posting, testing code, voting. */
export function problemRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  const route = (handler: Parameters<typeof restRoute>[1]) =>
    restRoute(createRequestContext, handler);

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
    route(async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      await requireSelf(body.postedBy);
      const { problem } = await caller.problem.create({
        title: textOf(body.title),
        problemText: textOf(body.problemText),
        functionSignature: textOf(body.functionSignature),
        testCases: testCasesOf(body.testCases),
        suggestedSolution: textOf(body.suggestedSolution),
      });
      return fullProblem(caller, problem.id);
    }),
  );

  router.post(
    '/testProblem',
    route(async (req, _res, { caller }) => {
      const body = objectOf(req.body);
      const results = await caller.problem.testSolution({
        code: textOf(body.code),
        testCases: testCasesOf(body.testCases),
      });
      return results.map(wireTestResult);
    }),
  );

  router.post(
    '/testCodeOnProblem/:problemId',
    route(async (req, _res, { caller }) => {
      const problemId = idOf(req.params.problemId, 'problem ID');
      const body = objectOf(req.body);
      const results = await caller.problem.runTests({ problemId, code: textOf(body.code) });
      return results.map(wireTestResult);
    }),
  );

  addVoteRoutes(router, createRequestContext, {
    noun: 'Problem',
    paths: { up: '/upvoteProblem', down: '/downvoteProblem' },
    idField: 'pid',
    idLabel: 'problem ID',
    vote: async (caller, id, vote) => {
      const { myVote } = await caller.problem.vote({ id, vote });
      const { upVotes, downVotes } = await caller.problem.byId({ id });
      return { myVote, upVotes, downVotes };
    },
  });

  return router;
}
