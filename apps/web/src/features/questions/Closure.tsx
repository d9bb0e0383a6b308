import { closeMessages, DEFAULT_CLOSE_VOTE_REPUTATION } from '@app/validators';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { Button } from '../../shared/components/Button';
import { Modal } from '../../shared/components/Modal';
import { TextField } from '../../shared/components/TextField';
import { prefixedError } from '../../shared/lib/errors';
import { isModeratorUser, type CurrentUser } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { useApplyQuestionEvent } from './cache';
import type { QuestionDetail } from './questionCache';

type Closure = QuestionDetail['closure'];

/** Above a closed question: that it takes no answers, and the original it duplicates. */
export function ClosureBanner({ closure }: { closure: Closure }) {
  if (!closure.closedAt) return null;
  return (
    <div className="closure-banner" role="note">
      {closure.duplicateOf ? (
        <p>
          {closeMessages.closedAsDuplicate}{' '}
          <Link to={`/question/${closure.duplicateOf.id}`}>{closure.duplicateOf.title}</Link>
        </p>
      ) : (
        <p>{closeMessages.closedBanner}</p>
      )}
    </div>
  );
}

/** Moderators, and users with enough reputation, may vote to close and reopen. */
export function mayVoteOnClosure(user: CurrentUser): boolean {
  return isModeratorUser(user) || user.reputation >= DEFAULT_CLOSE_VOTE_REPUTATION;
}

/** The question number in what was typed: a number, or a link to /question/N. */
export function questionIdIn(text: string): number | null {
  const match = /(?:^|\/question\/)(\d{1,9})(?:\D*)$/.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Close (as a duplicate, naming the original by its link or number) or Reopen, with how many votes
 * were cast so far; a moderator's vote is binding.
 */
export function ClosureButton({
  qid,
  closure,
  myVote,
}: {
  qid: number;
  closure: Closure;
  myVote: 'close' | 'reopen' | null;
}) {
  const utils = trpc.useUtils();
  const apply = useApplyQuestionEvent();
  const close = trpc.question.voteToClose.useMutation();
  const reopen = trpc.question.voteToReopen.useMutation();
  const [asking, setAsking] = useState(false);
  const [original, setOriginal] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();

  const done = async (event: Parameters<typeof apply>[0]) => {
    apply(event);
    await utils.question.byId.invalidate({ qid });
  };

  const onClose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const duplicateOf = questionIdIn(original);
    if (duplicateOf === null) {
      setFieldError('Paste the link of the original question, or its number.');
      return;
    }
    setError(null);
    try {
      await done((await close.mutateAsync({ qid, duplicateOf })).event);
      setAsking(false);
    } catch (err) {
      setError(prefixedError('Error while voting to close', err));
    }
  };

  const onReopen = async () => {
    setError(null);
    try {
      await done((await reopen.mutateAsync({ qid })).event);
    } catch (err) {
      setError(prefixedError('Error while voting to reopen', err));
    }
  };

  if (closure.closedAt) {
    return (
      <>
        <button
          type="button"
          className="post__action"
          disabled={reopen.isPending || myVote === 'reopen'}
          onClick={() => void onReopen()}
        >
          {closeMessages.voteToReopen}
          {closure.reopenVotes > 0 ? ` (${closure.reopenVotes})` : ''}
        </button>
        {error && <Alert>{error}</Alert>}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className="post__action"
        disabled={myVote === 'close'}
        onClick={() => setAsking(true)}
      >
        {closeMessages.voteToClose}
        {closure.closeVotes > 0 ? ` (${closure.closeVotes})` : ''}
      </button>
      {error && !asking && <Alert>{error}</Alert>}
      {asking && (
        <Modal
          title="Close as a duplicate"
          onClose={() => setAsking(false)}
          initialFocus="input"
          actions={
            <>
              <Button type="submit" form={formId} busy={close.isPending}>
                {closeMessages.voteToClose}
              </Button>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                Cancel
              </Button>
            </>
          }
        >
          <p>Which question already answers this one?</p>
          <form id={formId} onSubmit={(e) => void onClose(e)} noValidate>
            <TextField
              label="Original question (link or number)"
              value={original}
              error={fieldError}
              onChange={(e) => {
                setOriginal(e.target.value);
                setFieldError(null);
              }}
            />
          </form>
          {error && <Alert>{error}</Alert>}
        </Modal>
      )}
    </>
  );
}
