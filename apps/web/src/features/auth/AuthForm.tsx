import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Checkbox, TextField } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';

/**
 * A signed-out form's submit: the form's own check first (its words shown as they are), then the
 * call; a refusal is shown after `failurePrefix` and the form can be sent again. On success the
 * route guard moves on, so the form stays busy.
 */
export function useAuthSubmit(failurePrefix: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (problem: string | null, send: () => Promise<unknown>) => {
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await send();
    } catch (err) {
      setError(prefixedError(failurePrefix, err));
      setBusy(false);
    }
  };
  return { error, busy, submit };
}

export interface AuthFormProps {
  onSubmit: () => void;
  busy: boolean;
  error: string | null;
  /** The form's own fields; Show password, Submit and the error follow them. */
  children: ReactNode;
  showPassword: boolean;
  onShowPasswordChange: (shown: boolean) => void;
}

/** Log in and Sign up's form: their fields, 'Show password', Submit, and the error under it. */
export function AuthForm({
  onSubmit,
  busy,
  error,
  children,
  showPassword,
  onShowPasswordChange,
}: AuthFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      {children}
      <Checkbox
        label="Show password"
        checked={showPassword}
        onChange={(e) => onShowPasswordChange(e.target.checked)}
      />
      <Button type="submit" busy={busy} className="form__submit">
        Submit
      </Button>
      {error && <Alert>{error}</Alert>}
    </form>
  );
}

/** The Username field both forms open with (focused first). */
export function UsernameField({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  return (
    <TextField
      label="Username"
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus
      hint={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
