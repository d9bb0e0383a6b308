import { useState } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { afterSignIn, type SignInState } from './afterSignIn';
import { useOptionalUser } from '../../shared/session/context';

const pathOf = (location: Location) => `${location.pathname}${location.search}${location.hash}`;

/**
 * Signed-in routes: everyone else goes to / (SPEC §2). A visitor who arrived signed out is brought back
 * to the page they asked for after signing in; someone who signs out (or whose session ends) is not.
 */
export function RequireAuth() {
  const user = useOptionalUser();
  const location = useLocation();
  // Decided when the guard first renders: a later loss of the user is a sign-out, not a visit.
  const [arrivedSignedOut] = useState(user === null);
  if (user) return <Outlet />;
  const state: SignInState | undefined = arrivedSignedOut ? { from: pathOf(location) } : undefined;
  return <Navigate to="/" replace state={state} />;
}

/** Login and Signup: a signed-in user goes on to the page they asked for, else /home (SPEC §2). */
export function PublicOnly() {
  const user = useOptionalUser();
  const location = useLocation();
  return user ? <Navigate to={afterSignIn(location.state)} replace /> : <Outlet />;
}
