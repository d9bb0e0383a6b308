import { formError, LoginInput } from '@app/validators';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLoginContext } from '../../shared/session/context';
import { Alert, TextField } from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { AuthForm, UsernameField, useAuthSubmit } from './AuthForm';
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
  const { error, busy, submit } = useAuthSubmit('Error while logging in');

  const onSubmit = () => {
    clearNotice();
    // Signed in: the route guard moves on to the page asked for, or /home.
    void submit(formError(LoginInput, { username, password }), () =>
      login({ username: username.trim(), password: password.trim() }),
    );
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
      <AuthForm
        onSubmit={onSubmit}
        busy={busy}
        error={error}
        showPassword={showPassword}
        onShowPasswordChange={setShowPassword}
      >
        <UsernameField value={username} onChange={setUsername} />
        <TextField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </AuthForm>
    </AuthLayout>
  );
}
