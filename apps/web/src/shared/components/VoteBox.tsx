export interface VoteBoxProps {
  /** upVotes − downVotes. */
  score: number;
  /** The viewer's own vote: +1, -1 or 0 (SPEC §4). */
  myVote: number;
  onVote: (vote: 'up' | 'down') => void;
  busy?: boolean;
  /** What assistive technology calls the box and its buttons (an answer's differ from its question's). */
  labels?: { group: string; up: string; down: string };
}

const QUESTION_LABELS = { group: 'Votes', up: 'Upvote', down: 'Downvote' };

/** Upvote / count / Downvote; the pressed button shows the viewer's own vote. Voting again takes it back. */
export function VoteBox({
  score,
  myVote,
  onVote,
  busy = false,
  labels = QUESTION_LABELS,
}: VoteBoxProps) {
  return (
    <div className="vote-box" role="group" aria-label={labels.group}>
      <button
        type="button"
        className="vote-box__button"
        aria-label={labels.up}
        aria-pressed={myVote === 1}
        disabled={busy}
        onClick={() => onVote('up')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 6 3 18h18z" />
        </svg>
      </button>
      <span className="vote-box__count" aria-live="polite">
        {score}
      </span>
      <button
        type="button"
        className="vote-box__button"
        aria-label={labels.down}
        aria-pressed={myVote === -1}
        disabled={busy}
        onClick={() => onVote('down')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 18 3 6h18z" />
        </svg>
      </button>
    </div>
  );
}
