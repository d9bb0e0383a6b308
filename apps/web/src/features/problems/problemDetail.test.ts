import { describe, expect, it } from 'vitest';
import { applyProblemEventToDetail, hiddenTestsNote } from './problemDetail';
import type { ProblemDetail, ProblemEvent } from './problemTypes';

const detail: ProblemDetail = {
  id: 7,
  title: 'Two Sum',
  problemText: 'Find two numbers.',
  difficulty: 'easy',
  topics: [],
  submitCount: 0,
  acceptedCount: 0,
  functionSignature: 'function twoSum(nums, target) {}',
  suggestedSolution: 'function twoSum() { return [0, 1]; }',
  postedBy: 'alice',
  createdAt: new Date('2025-01-01T00:00:00Z'),
  isAuthor: false,
  testCases: [{ number: 1, testCode: 'assert(twoSum([1, 2], 3), [0, 1])', hidden: false }],
  hiddenTestCount: 1,
  upVotes: ['carol'],
  downVotes: [],
  myVote: 0,
  upVoteCount: 1,
  downVoteCount: 0,
  voteScore: 1,
  voteVersion: 3,
};

const voted = (voteVersion: number, extra: Partial<ProblemEvent> = {}): ProblemEvent =>
  ({
    type: 'voted',
    problemId: 7,
    upVotes: ['carol', 'bob'],
    downVotes: ['dave'],
    upVoteCount: 2,
    downVoteCount: 1,
    voteScore: 1,
    voteVersion,
    ...extra,
  }) as ProblemEvent;

describe('applyProblemEventToDetail', () => {
  it('takes a newer vote state whole, with the viewer’s own vote', () => {
    const next = applyProblemEventToDetail(detail, voted(4), 'bob');
    expect(next).toMatchObject({
      upVotes: ['carol', 'bob'],
      downVotes: ['dave'],
      upVoteCount: 2,
      downVoteCount: 1,
      voteScore: 1,
      voteVersion: 4,
      myVote: 1,
    });
    expect(applyProblemEventToDetail(detail, voted(4), 'dave').myVote).toBe(-1);
    expect(applyProblemEventToDetail(detail, voted(4), 'erin').myVote).toBe(0);
  });

  it('keeps a newer state than the event’s, and other problems’ events', () => {
    expect(applyProblemEventToDetail(detail, voted(3), 'bob')).toBe(detail);
    expect(applyProblemEventToDetail(detail, voted(2), 'bob')).toBe(detail);
    expect(
      applyProblemEventToDetail(detail, voted(9, { problemId: 8 } as Partial<ProblemEvent>), 'bob'),
    ).toBe(detail);
  });

  it('is idempotent', () => {
    const once = applyProblemEventToDetail(detail, voted(4), 'bob');
    expect(applyProblemEventToDetail(once, voted(4), 'bob')).toBe(once);
  });

  it('raises the submissions and acceptance counts with a submission, never lowers them', () => {
    const submitted = (submitCount: number, acceptedCount: number): ProblemEvent => ({
      type: 'submitted',
      problemId: 7,
      submission: {
        id: 1,
        problemId: 7,
        submissionBy: 'bob',
        createdAt: new Date('2025-01-02T00:00:00Z'),
        lineCount: 1,
        codeLength: 10,
        runTime: 1,
        heapUse: 1,
      },
      submitCount,
      acceptedCount,
    });
    const after = applyProblemEventToDetail(detail, submitted(3, 2), 'bob');
    expect(after).toMatchObject({ submitCount: 3, acceptedCount: 2 });
    expect(applyProblemEventToDetail(after, submitted(2, 1), 'bob')).toBe(after);
    expect(applyProblemEventToDetail(after, submitted(3, 2), 'bob')).toBe(after);
  });

  it('tells how many tests are hidden and who may read them', () => {
    expect(hiddenTestsNote(1, false)).toBe(
      'This problem also has 1 hidden test. It runs when you attempt the problem, but you cannot read it.',
    );
    expect(hiddenTestsNote(3, false)).toMatch(/^This problem also has 3 hidden tests\. They run/);
    expect(hiddenTestsNote(1, true)).toBe(
      'Only you can read the test marked Hidden; it runs on every attempt.',
    );
    expect(hiddenTestsNote(2, true)).toMatch(/^Only you can read the 2 tests marked Hidden/);
  });
});
