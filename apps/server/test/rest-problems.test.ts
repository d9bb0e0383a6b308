import { MAX_BODY_BYTES, problemMessages } from '@app/validators';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefusal,
  ISO,
  record,
  RestClient,
  signedUp,
  until,
} from './support/rest-test-client';
import { useTestServer } from './support/test-server';

// The original client's /problem and /submission paths (SPEC §7) against the real server. Each user
// starts at most TEST_RUNS sandbox runs a minute, so the limit itself can be tested.
const TEST_RUNS = 8;
const running = useTestServer({ testRunRateLimit: { max: TEST_RUNS, windowMs: 60_000 } });
const url = () => running.url;
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

const HIDDEN_TEST = 'assert(add(7310243, 5501887), 12812130)';
const SOLUTION = 'function add(a, b) {\n  return a + b;\n}';
const WRONG = 'function add(a, b) {\n  return a - b;\n}';
const PROBLEM = {
  problemText: 'Write add(a, b) that returns the sum of two numbers.',
  title: 'Add two numbers',
  functionSignature: 'function add(a, b) {\n}',
  testCases: [
    { testCode: 'assert(add(1, 2), 3)', hidden: false },
    { testCode: HIDDEN_TEST, hidden: true },
  ],
  postedBy: 'p_author',
  suggestedSolution: SOLUTION,
  createdAt: '1999-01-01T00:00:00.000Z',
  usersUpvoted: ['someone'],
  usersDownvoted: [],
};

let author: RestClient;
let solver: RestClient;
let voter: RestClient;
let pid: string;

beforeAll(async () => {
  [author, solver, voter] = await Promise.all([
    signedUp(url, 'p_author'),
    signedUp(url, 'p_solver'),
    signedUp(url, 'p_voter'),
  ]);
});

describe('/problem/createProblem', () => {
  it('posts as yourself only and answers the problem with §3 names, the server clock and no votes', async () => {
    expectRefusal(await solver.post('/problem/createProblem', PROBLEM), 403, /yourself/);
    expectRefusal(await new RestClient(url).post('/problem/createProblem', PROBLEM), 401);
    const res = await author.post('/problem/createProblem', PROBLEM);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      _id: expect.any(String),
      title: PROBLEM.title,
      problemText: PROBLEM.problemText,
      functionSignature: PROBLEM.functionSignature,
      testCases: PROBLEM.testCases,
      postedBy: 'p_author',
      suggestedSolution: SOLUTION,
      createdAt: expect.stringMatching(ISO),
      usersUpvoted: [],
      usersDownvoted: [],
    });
    expect(res.json.createdAt).not.toBe(PROBLEM.createdAt);
    pid = res.json._id;
  });

  it('says what is wrong (400): a missing field, a failing example solution', async () => {
    expectRefusal(
      await author.post('/problem/createProblem', { ...PROBLEM, title: '' }),
      400,
      problemMessages.fieldsMissing,
    );
    expectRefusal(
      await author.post('/problem/createProblem', { ...PROBLEM, suggestedSolution: WRONG }),
      400,
      problemMessages.solutionFails(1, 'Wrong Answer'),
    );
    expectRefusal(
      await author.post('/problem/createProblem', { ...PROBLEM, testCases: 'none' }),
      400,
      problemMessages.noTests,
    );
  });
});

describe('/problem/getProblem and getAllProblems', () => {
  it('hands out hidden tests to their author only; 404 unknown, 400 unreadable id', async () => {
    const mine = await author.get(`/problem/getProblem/${pid}`);
    expect(mine.json.testCases).toEqual(PROBLEM.testCases);
    const theirs = await solver.get(`/problem/getProblem/${pid}`);
    expect(theirs.status).toBe(200);
    expect(theirs.json).toMatchObject({ _id: pid, postedBy: 'p_author' });
    expect(theirs.json.testCases).toEqual([PROBLEM.testCases[0]]);
    expect(theirs.text).not.toContain('7310243');
    expectRefusal(
      await solver.get('/problem/getProblem/999999'),
      404,
      problemMessages.problemNotFound,
    );
    expectRefusal(
      await solver.get('/problem/getProblem/abc'),
      400,
      problemMessages.invalidProblemId,
    );
  });

  it('lists every problem, whole', async () => {
    const res = await new RestClient(url).get('/problem/getAllProblems');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      expect.objectContaining({
        _id: pid,
        problemText: PROBLEM.problemText,
        functionSignature: PROBLEM.functionSignature,
        usersUpvoted: [],
        usersDownvoted: [],
      }),
    ]);
  });
});

describe('/problem/testProblem and testCodeOnProblem/{problemId}', () => {
  it('testProblem answers the list of results with status, cpuTime, memoryUsage, errorMessage', async () => {
    const res = await solver.post('/problem/testProblem', {
      code: WRONG,
      testCases: [{ testCode: 'assert(add(1, 2), 3)' }, 'assert(add(2, 2), 0)'],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        status: expect.not.stringMatching(/^OK$/),
        cpuTime: expect.any(Number),
        memoryUsage: expect.any(Number),
        errorMessage: expect.stringMatching(/.+/),
      },
      {
        status: 'OK',
        cpuTime: expect.any(Number),
        memoryUsage: expect.any(Number),
        errorMessage: '',
      },
    ]);
    expectRefusal(
      await solver.post('/problem/testProblem', { code: '', testCases: PROBLEM.testCases }),
      400,
      problemMessages.fieldsMissing,
    );
    expectRefusal(
      await new RestClient(url).post('/problem/testProblem', {
        code: SOLUTION,
        testCases: PROBLEM.testCases,
      }),
      401,
    );
  });

  it("testCodeOnProblem runs every test, a hidden one's failure redacted", async () => {
    const passed = await solver.post(`/problem/testCodeOnProblem/${pid}`, { code: SOLUTION });
    expect(passed.status).toBe(200);
    expect(passed.json.map((r: { status: string }) => r.status)).toEqual(['OK', 'OK']);
    const failed = await solver.post(`/problem/testCodeOnProblem/${pid}`, { code: WRONG });
    expect(failed.json[1]).toEqual({
      status: 'Wrong Answer',
      cpuTime: null,
      memoryUsage: null,
      errorMessage: problemMessages.hiddenTestFailed,
    });
    expect(failed.text).not.toContain('7310243');
    expectRefusal(
      await solver.post(`/problem/testCodeOnProblem/${pid}`, {}),
      400,
      problemMessages.missingIdOrCode,
    );
    expectRefusal(await solver.post('/problem/testCodeOnProblem/999999', { code: SOLUTION }), 404);
    expectRefusal(
      await solver.post('/problem/testCodeOnProblem/x1', { code: SOLUTION }),
      400,
      problemMessages.invalidProblemId,
    );
  });

  it('refuses a body over the limit (413) and runs past the test-run limit (429)', async () => {
    const rusher = await signedUp(url, 'p_rusher');
    expectRefusal(
      await rusher.post(`/problem/testCodeOnProblem/${pid}`, {
        code: 'x'.repeat(MAX_BODY_BYTES + 1),
      }),
      413,
    );
    for (let i = 0; i < TEST_RUNS; i++)
      expect(
        (await rusher.post(`/problem/testCodeOnProblem/${pid}`, { code: SOLUTION })).status,
      ).toBe(200);
    expectRefusal(
      await rusher.post(`/problem/testCodeOnProblem/${pid}`, { code: SOLUTION }),
      429,
      problemMessages.slowDown,
    );
  });
});

describe('/problem/upvoteProblem and downvoteProblem', () => {
  it('answer {msg, upVotes, downVotes}, toggle, and reach sockets as voteProblemUpdate', async () => {
    const socket = await voter.socket();
    sockets.push(socket);
    const seen = record(socket);
    const up = await voter.post('/problem/upvoteProblem', { pid, username: 'p_voter' });
    expect(up.status).toBe(200);
    expect(up.json).toEqual({ msg: expect.any(String), upVotes: ['p_voter'], downVotes: [] });
    const again = await voter.post('/problem/upvoteProblem', { pid, username: 'p_voter' });
    expect(again.json).toEqual({
      msg: expect.stringMatching(/cancel/i),
      upVotes: [],
      downVotes: [],
    });
    const down = await voter.post('/problem/downvoteProblem', { pid, username: 'p_voter' });
    expect(down.json).toEqual({ msg: expect.any(String), upVotes: [], downVotes: ['p_voter'] });
    await until(() => (seen.voteProblemUpdate?.length ?? 0) === 3);
    expect(seen.voteProblemUpdate?.[2]).toEqual({ pid, upVotes: [], downVotes: ['p_voter'] });
    expect((await voter.get(`/problem/getProblem/${pid}`)).json.usersDownvoted).toEqual([
      'p_voter',
    ]);
  });

  it('refuses votes for someone else (403), unknown problems (404), signed-out callers (401)', async () => {
    expectRefusal(await voter.post('/problem/upvoteProblem', { pid, username: 'p_author' }), 403);
    expectRefusal(
      await voter.post('/problem/upvoteProblem', { pid: '999999', username: 'p_voter' }),
      404,
    );
    expectRefusal(
      await voter.post('/problem/downvoteProblem', { username: 'p_voter' }),
      400,
      problemMessages.invalidProblemId,
    );
    expectRefusal(
      await new RestClient(url).post('/problem/upvoteProblem', { pid, username: 'p_voter' }),
      401,
    );
  });
});

describe('/submission', () => {
  let submissionId: string;

  it('createSubmission: as yourself only, the figures the server measured, all tests passing', async () => {
    const submission = {
      problemId: pid,
      submissionBy: 'p_solver',
      runTime: 1,
      heapUse: 2,
      submissionCode: SOLUTION,
    };
    expectRefusal(
      await voter.post('/submission/createSubmission', { submission }),
      403,
      /yourself/,
    );
    expectRefusal(
      await new RestClient(url).post('/submission/createSubmission', { submission }),
      401,
    );
    expectRefusal(
      await solver.post('/submission/createSubmission', {
        submission: { ...submission, submissionCode: WRONG },
      }),
      400,
      problemMessages.notAllPassing,
    );
    expectRefusal(
      await solver.post('/submission/createSubmission', {
        submission: { ...submission, problemId: 999999 },
      }),
      404,
    );
    expectRefusal(await solver.post('/submission/createSubmission', {}), 400, /submission/);
    const res = await solver.post('/submission/createSubmission', { submission });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      _id: expect.any(String),
      problemId: pid,
      submissionBy: 'p_solver',
      runTime: expect.any(Number),
      heapUse: expect.any(Number),
      submissionCode: SOLUTION,
      createdAt: expect.stringMatching(ISO),
    });
    expect([res.json.runTime, res.json.heapUse]).not.toEqual([1, 2]);
    expect(res.json.heapUse).toBeGreaterThan(2);
    submissionId = res.json._id;
  });

  it('getSubmission and getAllSubmissionsByProblemId answer §3 submissions with their code', async () => {
    const one = await new RestClient(url).get(`/submission/getSubmission/${submissionId}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ _id: submissionId, submissionCode: SOLUTION });
    const all = await new RestClient(url).get(`/submission/getAllSubmissionsByProblemId/${pid}`);
    expect(all.status).toBe(200);
    expect(all.json).toEqual([one.json]);
    expectRefusal(
      await solver.get('/submission/getSubmission/999999'),
      404,
      problemMessages.submissionNotFound,
    );
    expectRefusal(
      await solver.get('/submission/getSubmission/first'),
      400,
      problemMessages.invalidSubmissionId,
    );
    expectRefusal(await solver.get('/submission/getAllSubmissionsByProblemId/999999'), 404);
    expectRefusal(
      await solver.get('/submission/getAllSubmissionsByProblemId/-1'),
      400,
      problemMessages.invalidProblemId,
    );
  });
});
