import { DRAFT_CODE_MAX, limitMessages, problemMessages } from '@app/validators';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';
import { expectError } from './messaging-fixtures';
import { ADD_SOLUTION, MANY_RUNS, postProblem } from './problem-fixtures';
import { expectInvalid, useClock } from './question-fixtures';

const clock = useClock();

async function setup(limits = {}) {
  const world = await createTestWorld({ limits: { ...MANY_RUNS, ...limits } });
  const alice = await world.signedIn('alice');
  const bob = await world.signedIn('bob');
  const problem = await postProblem(alice);
  return { world, alice, bob, problem };
}

describe('problem.saveDraft and problem.draft (issue 24: your code is never lost)', () => {
  it('has no draft before the first save', async () => {
    const { bob, problem } = await setup();
    expect(await bob.api.problem.draft({ problemId: problem.id })).toBeNull();
  });

  it('keeps the code per user and problem and gives back the last one saved', async () => {
    const { bob, problem } = await setup();
    await bob.api.problem.saveDraft({ problemId: problem.id, code: 'function add(a, b) {\n  //' });
    clock.tick(1000);
    const { updatedAt } = await bob.api.problem.saveDraft({
      problemId: problem.id,
      code: 'function add(a, b) {\n  return a',
    });
    expect(await bob.api.problem.draft({ problemId: problem.id })).toEqual({
      code: 'function add(a, b) {\n  return a',
      updatedAt,
    });
  });

  it('is read again from another device (another session of the same user)', async () => {
    const { world, bob, problem } = await setup();
    await bob.api.problem.saveDraft({ problemId: problem.id, code: 'kept on the server' });
    const phone = world.client();
    await phone.api.auth.login({ username: 'bob', password: 'password123' });
    expect((await phone.api.problem.draft({ problemId: problem.id }))?.code).toBe(
      'kept on the server',
    );
  });

  it('is private: another user reads only their own (none), and a signed-out reader nothing', async () => {
    const { world, alice, bob, problem } = await setup();
    await bob.api.problem.saveDraft({ problemId: problem.id, code: 'bob’s secret attempt' });
    expect(await alice.api.problem.draft({ problemId: problem.id })).toBeNull();
    await expectError(
      world.client().api.problem.draft({ problemId: problem.id }),
      'UNAUTHORIZED',
      expect.any(String) as unknown as string,
    );
  });

  it('survives a submit (LeetCode keeps your code)', async () => {
    const { bob, problem } = await setup();
    await bob.api.problem.saveDraft({ problemId: problem.id, code: ADD_SOLUTION });
    await bob.api.submission.create({ problemId: problem.id, code: ADD_SOLUTION });
    expect((await bob.api.problem.draft({ problemId: problem.id }))?.code).toBe(ADD_SOLUTION);
  });

  it('keeps an emptied editor as empty code', async () => {
    const { bob, problem } = await setup();
    await bob.api.problem.saveDraft({ problemId: problem.id, code: '' });
    expect((await bob.api.problem.draft({ problemId: problem.id }))?.code).toBe('');
  });

  it('is bounded: a draft longer than a submission may be is refused', async () => {
    const { bob, problem } = await setup();
    await bob.api.problem.saveDraft({ problemId: problem.id, code: 'x'.repeat(DRAFT_CODE_MAX) });
    await expectInvalid(
      bob.api.problem.saveDraft({ problemId: problem.id, code: 'x'.repeat(DRAFT_CODE_MAX + 1) }),
      problemMessages.draftTooLong,
    );
  });

  it('names an existing problem', async () => {
    const { bob } = await setup();
    await expectError(
      bob.api.problem.saveDraft({ problemId: 999_999, code: 'x' }),
      'NOT_FOUND',
      problemMessages.problemNotFound,
    );
  });

  it('is limited: saving faster than the drafts limit is refused with a sentence', async () => {
    const { bob, problem } = await setup({ drafts: { max: 2, windowMs: 60_000 } });
    await bob.api.problem.saveDraft({ problemId: problem.id, code: 'a' });
    await bob.api.problem.saveDraft({ problemId: problem.id, code: 'ab' });
    await expectError(
      bob.api.problem.saveDraft({ problemId: problem.id, code: 'abc' }),
      'TOO_MANY_REQUESTS',
      limitMessages.drafts,
    );
    expect((await bob.api.problem.draft({ problemId: problem.id }))?.code).toBe('ab');
  });
});
