import { formError, PASSWORD_MIN, SignupForm, USERNAME_MAX } from '@app/validators';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLoginContext } from '../../shared/session/context';
import { TextField } from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { AuthForm, UsernameField, useAuthSubmit } from './AuthForm';
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
  const { error, busy, submit } = useAuthSubmit('Error while signing up');

  const onSubmit = () =>
    void submit(formError(SignupForm, { username, password, confirmPassword }), () =>
      signup({ username: username.trim(), password: password.trim() }),
    );

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
      <AuthForm
        onSubmit={onSubmit}
        busy={busy}
        error={error}
        showPassword={showPassword}
        onShowPasswordChange={setShowPassword}
      >
        <UsernameField
          value={username}
          onChange={setUsername}
          hint={`Up to ${USERNAME_MAX} letters, digits, '_', '-' or '.'`}
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
      </AuthForm>
    </AuthLayout>
  );
}
