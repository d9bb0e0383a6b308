import { voteOf } from '../../shared/lib/votes';
import type { ProblemDetail, ProblemEvent } from './problemTypes';

/**
 * Applies one live event to a cached problem page: a vote replaces the voter lists and counts whole
 * (the viewer's own vote follows from them), unless the page already shows a later vote state; a
 * submission raises the submissions and acceptance counts. Pure and idempotent; other problems'
 * events and the other types leave it as it is.
 */
export function applyProblemEventToDetail(
  detail: ProblemDetail,
  event: ProblemEvent,
  username: string,
): ProblemDetail {
  if (event.problemId !== detail.id) return detail;
  // The counts only grow: the larger of what the page has and what the event says.
  if (event.type === 'submitted') {
    const submitCount = Math.max(detail.submitCount, event.submitCount);
    const acceptedCount = Math.max(detail.acceptedCount, event.acceptedCount);
    if (submitCount === detail.submitCount && acceptedCount === detail.acceptedCount) return detail;
    return { ...detail, submitCount, acceptedCount };
  }
  if (event.type !== 'voted') return detail;
  if (event.voteVersion <= detail.voteVersion) return detail;
  return {
    ...detail,
    upVotes: event.upVotes,
    downVotes: event.downVotes,
    upVoteCount: event.upVoteCount,
    downVoteCount: event.downVoteCount,
    voteScore: event.voteScore,
    voteVersion: event.voteVersion,
    myVote: voteOf(event, username),
  };
}

/** The problem page's note on hidden tests: how many, and who may read them. */
export function hiddenTestsNote(count: number, isAuthor: boolean): string {
  const one = count === 1;
  if (isAuthor)
    return one
      ? 'Only you can read the test marked Hidden; it runs on every attempt.'
      : `Only you can read the ${count} tests marked Hidden; they run on every attempt.`;
  return one
    ? 'This problem also has 1 hidden test. It runs when you attempt the problem, but you cannot read it.'
    : `This problem also has ${count} hidden tests. They run when you attempt the problem, but you cannot read them.`;
}
