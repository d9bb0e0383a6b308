import { formError, LoginInput } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLoginContext } from '../../auth/context';
import { Alert, Button, Checkbox, TextField } from '../../components';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { prefixedError } from '../../lib/errors';
import { AuthLayout } from './AuthLayout';

/** Login (/): username, password, show-password, Submit; errors under the form (SPEC §2, §8). */
export default function LoginPage() {
  useDocumentTitle('Log in');
  const { login, notice, clearNotice } = useLoginContext();
  // The page a signed-out visitor asked for: kept when they choose to sign up instead.
  const { state } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearNotice();
    const problem = formError(LoginInput, { username, password });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await login({ username: username.trim(), password: password.trim() });
      // Signed in: the route guard moves on to the page asked for, or /home.
    } catch (err) {
      setError(prefixedError('Error while logging in', err));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Log in"
      intro="Welcome back. Sign in to ask, answer and chat with other programmers."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signup" state={state}>
            Sign up
          </Link>
        </>
      }
    >
      {notice && <Alert tone="success">{notice}</Alert>}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
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
