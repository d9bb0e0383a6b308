import {
  COMMENT_EDIT_WINDOW_MS,
  deletionMessages,
  formErrors,
  UpdateCommentInput,
} from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../shared/components/Alert';
import { AuthorLink } from '../../shared/components/AuthorLink';
import { Button } from '../../shared/components/Button';
import { Markdown } from '../../shared/components/markdown/Markdown';
import { RelativeTime } from '../../shared/components/RelativeTime';
import { TextAreaField } from '../../shared/components/TextField';
import { prefixedError } from '../../shared/lib/errors';
import { commentAnchor } from '../../shared/lib/postAnchors';
import { FlagButton } from '../../shared/moderation/FlagButton';
import { isModeratorUser, useUserContext } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { useApplyQuestionEvent } from './cache';
import { DeletePostButton, mayDeleteOrRestore, RemovalNotice } from './PostDeletion';
import type { CommentView } from './questionCache';

export interface CommentItemProps {
  comment: CommentView;
  qid: number;
  now: number;
}

/**
 * One comment: its text, author and time; for its author, Edit for five minutes after posting
 * (Stack Overflow's window) and Delete; for moderators, Delete. A removed comment its author or a
 * moderator still sees says why.
 */
export function CommentItem({ comment, qid, now }: CommentItemProps) {
  const { user } = useUserContext();
  const apply = useApplyQuestionEvent();
  const update = trpc.comment.update.useMutation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.text);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const mine = comment.commentBy === user.username;
  const mayEdit =
    mine && !comment.removal && now - comment.commentDateTime.getTime() <= COMMENT_EDIT_WINDOW_MS;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const input = { commentId: comment.id, text: text.trim() };
    const problem = formErrors(UpdateCommentInput, input).text;
    if (problem) {
      setFieldError(problem);
      return;
    }
    setServerError(null);
    try {
      apply((await update.mutateAsync(input)).event);
      setEditing(false);
    } catch (err) {
      setServerError(prefixedError('Error while saving the comment', err));
    }
  };

  return (
    <li
      id={commentAnchor(comment.id)}
      className={`comment${comment.removal ? ' comment--removed' : ''}`}
    >
      <RemovalNotice removal={comment.removal} />
      {editing ? (
        <form className="comments__form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextAreaField
            label="Edit comment"
            hideLabel
            rows={2}
            className="comments__input"
            value={text}
            error={fieldError}
            autoFocus
            onChange={(e) => {
              setText(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <div className="comments__actions">
            <Button type="submit" variant="secondary" size="sm" busy={update.isPending}>
              {deletionMessages.saveComment}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(false);
                setText(comment.text);
                setFieldError(null);
              }}
            >
              {deletionMessages.cancel}
            </Button>
          </div>
          {serverError && <Alert>{serverError}</Alert>}
        </form>
      ) : (
        <Markdown text={comment.text} inline className="comment__text" />
      )}
      <span className="comment__meta">
        {' – '}
        <AuthorLink username={comment.commentBy} />{' '}
        <RelativeTime date={comment.commentDateTime} now={now} />
        {comment.editedAt && <span className="comment__edited"> (edited)</span>}
        {!editing && mayEdit && (
          <>
            {' '}
            <button type="button" className="post__action" onClick={() => setEditing(true)}>
              {deletionMessages.editComment}
            </button>
          </>
        )}
        {!comment.removal && (
          <>
            {' '}
            <FlagButton kind="comment" id={comment.id} author={comment.commentBy} />
          </>
        )}
        {mayDeleteOrRestore(mine, isModeratorUser(user), comment.removal) && (
          <>
            {' '}
            <DeletePostButton
              kind="comment"
              id={comment.id}
              qid={qid}
              deleted={comment.removal?.deleted ?? false}
            />
          </>
        )}
      </span>
    </li>
  );
}
