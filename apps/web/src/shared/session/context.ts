import { createContext, useContext } from 'react';
import type { RouterInputs, RouterOutputs } from '@app/api';

/** The signed-in user as the server describes it (username, biography, dateJoined). */
export type CurrentUser = NonNullable<RouterOutputs['auth']['me']>;

export type LoginInput = RouterInputs['auth']['login'];
export type SignupInput = RouterInputs['auth']['signup'];

/** What the Login and Signup screens need. */
export interface LoginContextValue {
  /** Signs in; resolves once the user is stored (the router then moves to /home). Throws the server's error. */
  login: (input: LoginInput) => Promise<void>;
  /** Creates the account and signs in. Throws the server's error. */
  signup: (input: SignupInput) => Promise<void>;
  /** A one-off message for the login screen, e.g. 'User "bob" deleted successfully.'. */
  notice: string | null;
  /** Forgets the notice once shown. */
  clearNotice: () => void;
}

/** What signed-in screens need: who is signed in, and the account actions. */
export interface UserContextValue {
  user: CurrentUser;
  /** Ends the session, recreates the live connection, and leaves for /. */
  logout: () => Promise<void>;
  /** Deletes the signed-in account, then behaves like logout and shows a notice on the login screen. */
  deleteAccount: () => Promise<void>;
  /** Replaces the stored user after a profile change (e.g. a new biography). */
  setUser: (user: CurrentUser) => void;
}

export const LoginContext = createContext<LoginContextValue | null>(null);
export const UserContext = createContext<UserContextValue | null>(null);

/** Login and signup actions; throws 'Login context is null.' outside the AuthProvider (SPEC §4). */
export function useLoginContext(): LoginContextValue {
  const value = useContext(LoginContext);
  if (value === null) throw new Error('Login context is null.');
  return value;
}

/** The signed-in user and account actions; throws 'User context is null.' when nobody is signed in (SPEC §4). */
export function useUserContext(): UserContextValue {
  const value = useContext(UserContext);
  if (value === null) throw new Error('User context is null.');
  return value;
}

/** Moderators (granted from the command line) may delete, undelete and review anything. */
export const isModeratorUser = (user: CurrentUser): boolean => user.role === 'moderator';

/** The signed-in user or null, without throwing (for route guards). */
export function useOptionalUser(): CurrentUser | null {
  return useContext(UserContext)?.user ?? null;
}
