import {
  FLAG_NOTE_MAX,
  FLAG_REASONS,
  flagReasonLabels,
  moderationMessages,
  type FlagKind,
  type FlagReason,
} from '@app/validators';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../components';
import { errorMessage } from '../lib/errors';
import { useOptionalUser } from '../session/context';
import { useSendFlag } from './flagging';

export interface FlagButtonProps {
  kind: FlagKind;
  id: number;
  /** The item's author: nobody flags their own post, so they get no Flag action. */
  author: string;
}

/**
 * A small "Flag" action that opens a form: why (spam, rude or abusive, needs a moderator) and an
 * optional short reason; then "Thanks — your flag was received.", or the server's sentence.
 */
export function FlagButton({ kind, id, author }: FlagButtonProps) {
  const send = useSendFlag();
  const user = useOptionalUser();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState(false);
  const formId = useId();
  if (!send || !user || user.username === author) return null;

  if (received) {
    return (
      <Alert tone="success" className="flag__done">
        {moderationMessages.flagReceived}
      </Alert>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason || !send) return;
    setBusy(true);
    setError(null);
    try {
      await send({ kind, id, reason, note });
      setReceived(true);
      setOpen(false);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="flag">
      <button
        type="button"
        className="flag__toggle link-button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((was) => !was)}
      >
        {moderationMessages.flag}
      </button>
      {open && (
        <form
          id={formId}
          className="flag__form"
          onSubmit={(event) => void onSubmit(event)}
          aria-label={moderationMessages.flagTitle}
        >
          <fieldset className="flag__reasons">
            <legend>{moderationMessages.flagTitle}</legend>
            {FLAG_REASONS.map((choice) => (
              <label key={choice} className="flag__reason">
                <input
                  type="radio"
                  name={`${formId}-reason`}
                  value={choice}
                  checked={reason === choice}
                  onChange={() => setReason(choice)}
                />{' '}
                {flagReasonLabels[choice]}
              </label>
            ))}
          </fieldset>
          <TextField
            label="Reason (optional)"
            value={note}
            maxLength={FLAG_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
          />
          {error && <Alert>{error}</Alert>}
          <div className="flag__actions">
            <Button type="submit" size="sm" busy={busy} disabled={!reason}>
              Flag
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </span>
  );
}
