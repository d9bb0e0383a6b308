import { formError, PASSWORD_MIN, ResetPasswordForm, userMessages } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';

/** Owner only: New Password, Confirm New Password, Show/Hide Passwords and Reset (SPEC §2, §5). */
export function ResetPasswordSection({ username }: { username: string }) {
  const reset = trpc.user.resetPassword.useMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = formError(ResetPasswordForm, { username, password, confirmPassword: confirm });
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setMessage(null);
    try {
      await reset.mutateAsync({ username, password });
      setPassword('');
      setConfirm('');
      setMessage({ tone: 'success', text: userMessages.resetDone });
    } catch (err) {
      setMessage({ tone: 'error', text: prefixedError(userMessages.resetFailed, err, ' ') });
    }
  };

  const type = visible ? 'text' : 'password';
  return (
    <Card title="Reset Password">
      <p className="muted">
        Choose a new password of at least {PASSWORD_MIN} characters. Your other sessions will be
        signed out.
      </p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="form__row">
          <TextField
            label="New Password"
            type={type}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Confirm New Password"
            type={type}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <div className="button-row">
          <Button type="submit" busy={reset.isPending}>
            Reset
          </Button>
          <Button variant="ghost" onClick={() => setVisible((v) => !v)}>
            {visible ? 'Hide Passwords' : 'Show Passwords'}
          </Button>
        </div>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </form>
    </Card>
  );
}
