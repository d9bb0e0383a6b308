import { shownReputation } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  acceptanceChangeDeltas,
  acceptanceEarnings,
  visibilityDeltas,
  voteChangeDeltas,
  voteEarnings,
} from '../src/domains/reputation/rules';

// The rules alone, without a database: one behaviour each, in the words.
const AUTHOR = 1;
const VOTER = 2;
const ASKER = 3;

const vote = (kind: 'question' | 'answer', before: 1 | -1 | 0, after: 1 | -1 | 0) =>
  voteChangeDeltas({ kind, before, after, voterId: VOTER, authorId: AUTHOR });

describe('reputation rules', () => {
  it('+10 for an upvote on your question', () => {
    expect(vote('question', 0, 1)).toEqual([
      { userId: AUTHOR, delta: 10, reason: 'question-upvoted' },
    ]);
  });

  it('+10 for an upvote on your answer', () => {
    expect(vote('answer', 0, 1)).toEqual([{ userId: AUTHOR, delta: 10, reason: 'answer-upvoted' }]);
  });

  it('−2 for a downvote received on a question; downvoting a question costs the voter nothing', () => {
    expect(vote('question', 0, -1)).toEqual([
      { userId: AUTHOR, delta: -2, reason: 'question-downvoted' },
    ]);
  });

  it('−2 for a downvote received on an answer, and −1 for downvoting an answer', () => {
    expect(vote('answer', 0, -1)).toEqual([
      { userId: AUTHOR, delta: -2, reason: 'answer-downvoted' },
      { userId: VOTER, delta: -1, reason: 'downvoted-an-answer' },
    ]);
  });

  it('reversed when a vote is undone: the same reasons with the opposite sign', () => {
    expect(vote('answer', -1, 0)).toEqual([
      { userId: AUTHOR, delta: 2, reason: 'answer-downvoted' },
      { userId: VOTER, delta: 1, reason: 'downvoted-an-answer' },
    ]);
    expect(vote('question', 1, 0)).toEqual([
      { userId: AUTHOR, delta: -10, reason: 'question-upvoted' },
    ]);
  });

  it('a switched vote undoes the old one and counts the new one', () => {
    expect(vote('question', 1, -1)).toEqual([
      { userId: AUTHOR, delta: -10, reason: 'question-upvoted' },
      { userId: AUTHOR, delta: -2, reason: 'question-downvoted' },
    ]);
  });

  it('a vote on your own post is worth nothing', () => {
    expect(voteEarnings({ kind: 'question', value: 1, voterId: AUTHOR, authorId: AUTHOR })).toEqual(
      [],
    );
  });

  it('+15 for your answer being accepted, +2 for accepting', () => {
    expect(acceptanceEarnings({ askerId: ASKER, answererId: AUTHOR })).toEqual([
      { userId: AUTHOR, delta: 15, reason: 'answer-accepted' },
      { userId: ASKER, delta: 2, reason: 'accepted-an-answer' },
    ]);
  });

  it('accepting your own answer earns nothing', () => {
    expect(acceptanceEarnings({ askerId: ASKER, answererId: ASKER })).toEqual([]);
  });

  it('accepting another answer reverses the old acceptance and counts the new one', () => {
    const old = { askerId: ASKER, answererId: AUTHOR, answerId: 10 };
    const next = { askerId: ASKER, answererId: VOTER, answerId: 11 };
    expect(acceptanceChangeDeltas(old, next)).toEqual([
      { userId: AUTHOR, delta: -15, reason: 'answer-accepted' },
      { userId: ASKER, delta: -2, reason: 'accepted-an-answer' },
      { userId: VOTER, delta: 15, reason: 'answer-accepted' },
      { userId: ASKER, delta: 2, reason: 'accepted-an-answer' },
    ]);
    expect(acceptanceChangeDeltas(old, old)).toEqual([]);
    expect(acceptanceChangeDeltas(old, null)).toEqual([
      { userId: AUTHOR, delta: -15, reason: 'answer-accepted' },
      { userId: ASKER, delta: -2, reason: 'accepted-an-answer' },
    ]);
  });

  it('a deleted post takes back what its votes earned or cost, one change per user', () => {
    const earnings = [
      ...voteEarnings({ kind: 'answer', value: 1, voterId: 5, authorId: AUTHOR }),
      ...voteEarnings({ kind: 'answer', value: -1, voterId: VOTER, authorId: AUTHOR }),
      ...acceptanceEarnings({ askerId: ASKER, answererId: AUTHOR }),
    ];
    expect(visibilityDeltas('answer', false, earnings)).toEqual([
      { userId: AUTHOR, delta: -23, reason: 'answer-deleted' },
      { userId: VOTER, delta: 1, reason: 'answer-deleted' },
      { userId: ASKER, delta: -2, reason: 'answer-deleted' },
    ]);
    expect(visibilityDeltas('answer', true, earnings)).toEqual([
      { userId: AUTHOR, delta: 23, reason: 'answer-restored' },
      { userId: VOTER, delta: -1, reason: 'answer-restored' },
      { userId: ASKER, delta: 2, reason: 'answer-restored' },
    ]);
  });

  it('never shown below 1', () => {
    expect(shownReputation(-5)).toBe(1);
    expect(shownReputation(1)).toBe(1);
    expect(shownReputation(11)).toBe(11);
  });
});
