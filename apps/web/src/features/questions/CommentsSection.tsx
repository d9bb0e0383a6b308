import { CreateCommentInput, formErrors, questionMessages } from '@app/validators';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useApplyQuestionEvent } from './cache';
import { prefixedError } from '../../shared/lib/errors';
import { type CommentView } from './questionCache';
import { countLabel } from '../../shared/lib/countLabel';
import { trpc } from '../../trpc';
import { Alert } from '../../shared/components/Alert';
import { Button } from '../../shared/components/Button';
import { TextAreaField } from '../../shared/components/TextField';
import { CommentItem } from './CommentItem';
import { sendForms, sendWithKey } from './post-form/sendWithKey';

export interface CommentsSectionProps {
  /** What is commented on: the question itself or one of its answers. */
  parent: { type: 'question' | 'answer'; id: number };
  /** Oldest first. */
  comments: readonly CommentView[];
  /** The question the post belongs to. */
  qid: number;
  /** False on a removed post its author or a moderator still sees: it takes no new comments. */
  acceptsComments?: boolean;
  /** The current time, for relative times. */
  now: number;
}

/** Grows a textarea with its text (one line to begin with); CSS caps the height. */
function useGrowingTextArea(text: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [text]);
  return ref;
}

/**
 * SPEC §2's comments section, kept quiet: a post without comments shows only 'Add a comment'. Once it
 * has comments, or the user opens the box: the Show/Hide Comments toggle, the comments (or 'No comments
 * yet.'), and on demand the 'Comment' box (one line that grows; Enter posts, Shift+Enter adds a line)
 * with Add Comment.
 */
export function CommentsSection({
  parent,
  comments,
  qid,
  now,
  acceptsComments: takesComments = true,
}: CommentsSectionProps) {
  const regionId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(true);
  const [composing, setComposing] = useState(false);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = trpc.comment.create.useMutation();
  const apply = useApplyQuestionEvent();
  const utils = trpc.useUtils();
  const boxRef = useGrowingTextArea(text);
  const addRef = useRef<HTMLButtonElement>(null);
  const [refocusAdd, setRefocusAdd] = useState(false);

  // Closing an empty box with Escape puts the focus back on 'Add a comment'.
  useEffect(() => {
    if (!refocusAdd) return;
    addRef.current?.focus();
    setRefocusAdd(false);
  }, [refocusAdd]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setServerError(null);
    const input = { id: parent.id, type: parent.type, text: text.trim() };
    const problem = formErrors(CreateCommentInput, input).text;
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(null);
    try {
      const { event: created } = await sendWithKey(sendForms.comment(parent), input, (sendKey) =>
        create.mutateAsync({ ...input, sendKey }),
      );
      // No event: an earlier send that timed out had posted it already; the question reads it afresh.
      if (created) apply(created);
      else void utils.question.byId.invalidate({ qid });
      setText('');
    } catch (err) {
      setServerError(prefixedError('Error while adding the comment', err));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter posts; Shift+Enter is a new line; Enter that ends an IME composition only confirms it.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    } else if (event.key === 'Escape' && text.trim() === '') {
      event.preventDefault();
      setComposing(false);
      setFieldError(null);
      setServerError(null);
      setRefocusAdd(true);
    }
  };

  const addLink = (
    <button
      ref={addRef}
      type="button"
      className="comments__add"
      onClick={() => {
        setComposing(true);
        setOpen(true);
      }}
    >
      {questionMessages.addComment}
    </button>
  );

  if (comments.length === 0 && !composing) {
    if (!takesComments) return null;
    return <div className="comments comments--quiet">{addLink}</div>;
  }

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
              <CommentItem key={comment.id} comment={comment} qid={qid} now={now} />
            ))}
          </ul>
        )}
        {composing ? (
          <form className="comments__form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <TextAreaField
              ref={boxRef}
              label="Comment"
              hideLabel
              placeholder="Comment"
              rows={1}
              className="comments__input"
              value={text}
              error={fieldError}
              aria-describedby={hintId}
              enterKeyHint="send"
              autoFocus
              onKeyDown={onKeyDown}
              onChange={(e) => {
                setText(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
            <div className="comments__actions">
              <Button type="submit" variant="secondary" size="sm" busy={create.isPending}>
                Add Comment
              </Button>
              <p id={hintId} className="comments__hint">
                {questionMessages.commentKeys}
              </p>
            </div>
            {serverError && <Alert>{serverError}</Alert>}
          </form>
        ) : (
          takesComments && addLink
        )}
      </div>
    </div>
  );
}
