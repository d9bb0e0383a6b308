import { formError, PASSWORD_MIN, SignupForm, USERNAME_MAX } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLoginContext } from '../../auth/context';
import { Alert, Button, Checkbox, TextField } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { prefixedError } from '../../lib/errors';
import { AuthLayout } from './AuthLayout';

/** Signup (/signup): username, password, confirm password, show-password, Submit (SPEC §2, §5, §8). */
export default function SignupPage() {
  useDocumentTitle('Sign up');
  const { signup } = useLoginContext();
  // The page a signed-out visitor asked for: signing up opens it too.
  const { state } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = formError(SignupForm, { username, password, confirmPassword });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await signup({ username: username.trim(), password: password.trim() });
    } catch (err) {
      setError(prefixedError('Error while signing up', err));
      setBusy(false);
    }
  };

  const passwordType = showPassword ? 'text' : 'password';
  return (
    <AuthLayout
      title="Sign up"
      intro="Create an account to join the community."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/" state={state}>
            Log in
          </Link>
        </>
      }
    >
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          hint={`Up to ${USERNAME_MAX} letters, digits, '_', '-' or '.'`}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type={passwordType}
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type={passwordType}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        <Checkbox
          label="Show password"
          checked={showPassword}
          onChange={(e) => setShowPassword(e.target.checked)}
        />
        <Button type="submit" busy={busy} className="form__submit">
          Submit
        </Button>
        {error && <Alert>{error}</Alert>}
      </form>
    </AuthLayout>
  );
}
