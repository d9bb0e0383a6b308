import {
  CreateCommentInput,
  formatRelativeTime,
  formErrors,
  questionMessages,
} from '@app/validators';
import { useId, useState, type FormEvent } from 'react';
import { useApplyQuestionEvent } from '../hooks/useQuestionCache';
import { prefixedError } from '../lib/errors';
import { countLabel, type CommentView } from '../lib/questionCache';
import { trpc } from '../trpc';
import { Alert } from './Alert';
import { Button } from './Button';
import { Markdown } from './markdown/Markdown';
import { TextAreaField } from './TextField';

export interface CommentsSectionProps {
  /** What is commented on: the question itself or one of its answers. */
  parent: { type: 'question' | 'answer'; id: number };
  /** Oldest first. */
  comments: readonly CommentView[];
  /** The current time, for relative times. */
  now: number;
}

/**
 * SPEC §2's comments section: a Show/Hide Comments toggle, the comments (or 'No comments yet.'), a
 * 'Comment' textarea and Add Comment. Shown to begin with.
 */
export function CommentsSection({ parent, comments, now }: CommentsSectionProps) {
  const regionId = useId();
  const [open, setOpen] = useState(true);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = trpc.comment.create.useMutation();
  const apply = useApplyQuestionEvent();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = { id: parent.id, type: parent.type, text: text.trim() };
    const problem = formErrors(CreateCommentInput, input).text;
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(null);
    try {
      apply((await create.mutateAsync(input)).event);
      setText('');
    } catch (err) {
      setServerError(prefixedError('Error while adding the comment', err));
    }
  };

  return (
    <div className="comments">
      <div className="comments__bar">
        <button
          type="button"
          className="comments__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide Comments' : 'Show Comments'}
        </button>
        <span className="comments__count">{countLabel(comments.length, 'comment')}</span>
      </div>
      <div id={regionId} className="comments__body" hidden={!open}>
        {comments.length === 0 ? (
          <p className="comments__empty">{questionMessages.noComments}</p>
        ) : (
          <ul className="comments__list">
            {comments.map((comment) => (
              <li key={comment.id} className="comment">
                <Markdown text={comment.text} inline className="comment__text" />
                <span className="comment__meta">
                  {' – '}
                  <span className="author">{comment.commentBy}</span>{' '}
                  {formatRelativeTime(comment.commentDateTime, now)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <form className="comments__form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextAreaField
            label="Comment"
            hideLabel
            placeholder="Comment"
            rows={2}
            value={text}
            error={fieldError}
            onChange={(e) => {
              setText(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          <div className="comments__actions">
            <Button type="submit" variant="secondary" size="sm" busy={create.isPending}>
              Add Comment
            </Button>
          </div>
          {serverError && <Alert>{serverError}</Alert>}
        </form>
      </div>
    </div>
  );
}
