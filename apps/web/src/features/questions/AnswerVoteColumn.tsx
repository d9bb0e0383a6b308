import { answerMessages } from '@app/validators';
import { VoteBox } from '../../shared/components/VoteBox';
import { useApplyQuestionEvent } from './cache';
import { prefixedError } from '../../shared/lib/errors';
import type { AnswerView } from './questionCache';
import { trpc } from '../../trpc';

const VOTE_LABELS = {
  group: answerMessages.voteGroup,
  up: answerMessages.voteUp,
  down: answerMessages.voteDown,
};

export interface AnswerVoteColumnProps {
  answer: AnswerView;
  accepted: boolean;
  /** The viewer asked the question: they may accept an answer, or take it back. */
  mayAccept: boolean;
  /** A failed vote or accept, as a sentence (null clears it). */
  onError: (message: string | null) => void;
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
    </svg>
  );
}

/**
 * Beside an answer: its vote box (the questions' toggle rule, on the server) and its accepted mark;
 * the asker gets a toggle button instead of the mark. Each reply's event goes through the same path
 * as live events, so every page of this question shows the same state.
 */
export function AnswerVoteColumn({ answer, accepted, mayAccept, onError }: AnswerVoteColumnProps) {
  const apply = useApplyQuestionEvent();
  const vote = trpc.answer.vote.useMutation();
  const accept = trpc.answer.accept.useMutation();
  const unaccept = trpc.answer.unaccept.useMutation();
  const accepting = accept.isPending || unaccept.isPending;

  const onVote = async (direction: 'up' | 'down') => {
    onError(null);
    try {
      apply((await vote.mutateAsync({ answerId: answer.id, vote: direction })).event);
    } catch (err) {
      onError(prefixedError(answerMessages.voteFailed, err));
    }
  };

  const onAccept = async () => {
    onError(null);
    try {
      const change = accepted ? unaccept : accept;
      apply((await change.mutateAsync({ answerId: answer.id })).event);
    } catch (err) {
      onError(prefixedError(answerMessages.acceptFailed, err));
    }
  };

  return (
    <div className="answer-side">
      <VoteBox
        score={answer.voteScore}
        myVote={answer.myVote}
        busy={vote.isPending}
        labels={VOTE_LABELS}
        onVote={(direction) => void onVote(direction)}
      />
      {mayAccept ? (
        <button
          type="button"
          className="answer-side__accept"
          aria-label={answerMessages.accept}
          aria-pressed={accepted}
          title={accepted ? answerMessages.unaccept : answerMessages.accept}
          disabled={accepting}
          onClick={() => void onAccept()}
        >
          <CheckIcon />
        </button>
      ) : (
        // Decoration: the answer itself says 'Accepted answer' in words.
        accepted && (
          <span className="answer-side__accepted" aria-hidden="true">
            <CheckIcon />
          </span>
        )
      )}
    </div>
  );
}
