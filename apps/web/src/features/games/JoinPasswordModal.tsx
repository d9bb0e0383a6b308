import { useState, type FormEvent } from 'react';
import { Alert, Button, Modal, TextField } from '../../shared/components';

export interface JoinPasswordModalProps {
  gameTitle: string;
  /** Checks the password and joins; resolves to an error sentence, or null once joined. */
  onSubmit: (password: string) => Promise<string | null>;
  onClose: () => void;
}

/** SPEC Games lobby: a private game asks 'Please enter room password:' (Submit, Cancel). */
export function JoinPasswordModal({ gameTitle, onSubmit, onClose }: JoinPasswordModalProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const refusal = await onSubmit(password);
    setBusy(false);
    if (refusal) setError(refusal);
  };
  return (
    <Modal title={`Join ${gameTitle}`} onClose={onClose} initialFocus="input">
      <form className="join-password" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Please enter room password:"
          type="password"
          autoComplete="off"
          value={password}
          invalid={Boolean(error)}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
        {error && <Alert>{error}</Alert>}
        <div className="modal__actions">
          <Button type="submit" busy={busy}>
            Submit
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
