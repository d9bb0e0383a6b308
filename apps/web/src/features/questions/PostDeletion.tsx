import { deletionMessages } from '@app/validators';
import { useState } from 'react';
import { Alert } from '../../shared/components/Alert';
import { Button } from '../../shared/components/Button';
import { Modal } from '../../shared/components/Modal';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { useApplyQuestionEvent } from './cache';
import type { IdentifiedQuestionEvent, QuestionDetail } from './questionCache';

type Removal = NonNullable<QuestionDetail['removal']>;
export type PostKind = 'question' | 'answer' | 'comment';

/** On a post only its author and moderators still see: why the others no longer do. */
export function RemovalNotice({ removal }: { removal: Removal | undefined }) {
  if (!removal) return null;
  return (
    <p className="post__removal" role="note">
      {removal.deleted
        ? removal.byModerator
          ? deletionMessages.deletedByModerator
          : deletionMessages.deletedByAuthor
        : deletionMessages.hiddenByFlags}
    </p>
  );
}

/**
 * Whether the viewer is offered Delete (or Undelete) on a post: its author, unless a moderator
 * deleted it (only a moderator undeletes that), or a moderator.
 */
export function mayDeleteOrRestore(
  author: boolean,
  moderator: boolean,
  removal: Removal | undefined,
): boolean {
  if (moderator) return true;
  return author && !(removal?.deleted && removal.byModerator);
}

/** Deletes or undeletes one post through its kind's procedure; answers the event to apply. */
function useDeletion(kind: PostKind, id: number) {
  const utils = trpc.useUtils();
  const mutations = {
    question: [trpc.question.delete.useMutation(), trpc.question.undelete.useMutation()],
    answer: [trpc.answer.delete.useMutation(), trpc.answer.undelete.useMutation()],
    comment: [trpc.comment.delete.useMutation(), trpc.comment.undelete.useMutation()],
  } as const;
  const [remove, restore] = mutations[kind];
  const run = async (deleted: boolean): Promise<IdentifiedQuestionEvent | null> => {
    const mutation = deleted ? remove : restore;
    const input =
      kind === 'question' ? { qid: id } : kind === 'answer' ? { answerId: id } : { commentId: id };
    const { event } = await (
      mutation.mutateAsync as (input: unknown) => Promise<{ event: IdentifiedQuestionEvent | null }>
    )(input);
    return event;
  };
  return { run, busy: remove.isPending || restore.isPending, utils };
}

export interface DeletePostButtonProps {
  kind: PostKind;
  id: number;
  qid: number;
  /** Deleted now (the author or a moderator still sees it): the button undeletes. */
  deleted: boolean;
  className?: string;
}

/**
 * Delete (after a confirmation) or Undelete, for the post's author and moderators; the server decides
 * (a question others invested in, an accepted answer) and its sentence is shown when it refuses.
 */
export function DeletePostButton({ kind, id, qid, deleted, className }: DeletePostButtonProps) {
  const { run, busy, utils } = useDeletion(kind, id);
  const apply = useApplyQuestionEvent();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (deleting: boolean) => {
    setError(null);
    try {
      const event = await run(deleting);
      if (event) apply(event);
      await utils.question.byId.invalidate({ qid });
    } catch (err) {
      setError(prefixedError(deleting ? 'Error while deleting' : 'Error while undeleting', err));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className ?? 'post__action'}
        disabled={busy}
        onClick={() => (deleted ? void act(false) : setConfirming(true))}
      >
        {deleted ? deletionMessages.undelete : deletionMessages.delete}
      </button>
      {error && <Alert>{error}</Alert>}
      {confirming && (
        <Modal
          title={deletionMessages.confirmDelete(kind)}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="danger" busy={busy} onClick={() => void act(true)}>
                {deletionMessages.delete}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {deletionMessages.cancel}
              </Button>
            </>
          }
        >
          <p>{deletionMessages.confirmDeleteBody(kind)}</p>
        </Modal>
      )}
    </>
  );
}
