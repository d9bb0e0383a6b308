import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Button, TextAreaField } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';

/** A message checked by the input schema: its cleaned text, or the schema's sentence. */
export type CheckedMessage = { msg: string } | { error: string };

export interface MessageComposerProps {
  /** The textarea's accessible name and placeholder (SPEC §2's wording). */
  label: string;
  /** Checks the text with the same schema the server uses. */
  check: (text: string) => CheckedMessage;
  /** Sends a checked message; rejects with the server's error. */
  onSend: (msg: string) => Promise<void>;
}

/**
 * The box under a conversation: Enter sends, Shift+Enter starts a new line, Send does the same. The box
 * empties at once (the message shows as sending); if sending fails, the error shows and the text comes
 * back into the box.
 */
export function MessageComposer({ label, check, onSend }: MessageComposerProps) {
  const hintId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const submit = () => {
    setSendError(null);
    const checked = check(draft);
    if ('error' in checked) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    const typed = draft;
    setDraft('');
    box.current?.focus();
    onSend(checked.msg).catch((err: unknown) => {
      setSendError(prefixedError('Error while sending the message', err));
      // Give the text back, after anything typed since (several failures come back in the order sent).
      setDraft((current) => (current.trim() ? `${current}\n${typed}` : typed));
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="composer" onSubmit={onSubmit} noValidate>
      {sendError && <Alert>{sendError}</Alert>}
      <div className="composer__row">
        <TextAreaField
          ref={box}
          label={label}
          hideLabel
          placeholder={label}
          rows={2}
          value={draft}
          error={fieldError}
          aria-describedby={hintId}
          onChange={(event) => {
            setDraft(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" className="composer__send">
          Send
        </Button>
      </div>
      <p id={hintId} className="composer__hint">
        Enter to send, Shift+Enter for a new line
      </p>
    </form>
  );
}
