import { Navigate, Outlet } from 'react-router-dom';
import { useOptionalUser } from './context';

/** Signed-in routes: everyone else goes to / (the login screen). */
export function RequireAuth() {
  const user = useOptionalUser();
  return user ? <Outlet /> : <Navigate to="/" replace />;
}

/** Login and Signup: a signed-in user goes straight to /home. */
export function PublicOnly() {
  const user = useOptionalUser();
  return user ? <Navigate to="/home" replace /> : <Outlet />;
}
