import { userMessages } from '@app/validators';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../shared/components';
import { errorMessage } from '../../shared/lib/errors';
import { recreateLiveConnection, trpc } from '../../trpc';
import {
  LoginContext,
  UserContext,
  type CurrentUser,
  type LoginContextValue,
  type UserContextValue,
} from '../../shared/session/context';

/** The query key of auth.me, for code outside React (the query cache's error handler). */
export const meQueryKey = getQueryKey(trpc.auth.me, undefined, 'query');
const meQueryHash = hashKey(meQueryKey);

/**
 * Holds the current user. On load it asks the server who is signed in (auth.me) and shows `booting`
 * (the page frame with a loading content area) until it knows, so a signed-in user never sees the
 * login page flash.
 */
export function AuthProvider({ children, booting }: { children: ReactNode; booting: ReactNode }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const me = trpc.auth.me.useQuery(undefined, {
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });
  const loginMutation = trpc.auth.login.useMutation();
  const signupMutation = trpc.auth.signup.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();
  const deleteMutation = trpc.user.delete.useMutation();
  const [notice, setNotice] = useState<string | null>(null);

  // A profile change answers the public profile only: the role and suspension stay as they were.
  const setUser = useCallback(
    (user: CurrentUser | null) =>
      utils.auth.me.setData(undefined, (old) =>
        user && old?.username === user.username ? { ...old, ...user } : user,
      ),
    [utils],
  );

  // A new session: forget anything cached for the previous one, reconnect the socket with the new cookie.
  const signedIn = useCallback(
    (user: CurrentUser) => {
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meQueryHash });
      void recreateLiveConnection();
      setNotice(null);
      setUser(user);
      // Signing in answers the public profile: auth.me adds the role and any suspension.
      void utils.auth.me.invalidate();
    },
    [queryClient, setUser, utils],
  );

  const signedOut = useCallback(() => {
    void recreateLiveConnection();
    setUser(null);
  }, [setUser]);

  const { mutateAsync: login } = loginMutation;
  const { mutateAsync: signup } = signupMutation;
  const { mutateAsync: logout } = logoutMutation;
  const { mutateAsync: deleteUser } = deleteMutation;

  const loginValue = useMemo<LoginContextValue>(
    () => ({
      login: async (input) => signedIn(await login(input)),
      signup: async (input) => signedIn(await signup(input)),
      notice,
      clearNotice: () => setNotice(null),
    }),
    [login, signup, signedIn, notice],
  );

  const user = me.data ?? null;
  const userValue = useMemo<UserContextValue | null>(
    () =>
      user
        ? {
            user,
            logout: async () => {
              await logout();
              signedOut();
            },
            deleteAccount: async () => {
              await deleteUser({ username: user.username });
              setNotice(userMessages.deleted(user.username));
              signedOut();
            },
            setUser,
          }
        : null,
    [user, logout, deleteUser, signedOut, setUser],
  );

  // A reload keeps the page frame (header and menu) while the session is checked.
  if (me.isPending) return booting;
  // Only when who is signed in was never learned: a failed re-read (the network gone for a moment)
  // keeps the page, whose header then says it is reconnecting.
  if (me.isError && me.data === undefined) {
    return (
      <main className="boot-error">
        <h1>We could not reach the server</h1>
        <p role="alert">{errorMessage(me.error)}</p>
        <Button onClick={() => void me.refetch()} busy={me.isFetching}>
          Try again
        </Button>
      </main>
    );
  }

  return (
    <LoginContext.Provider value={loginValue}>
      <UserContext.Provider value={userValue}>{children}</UserContext.Provider>
    </LoginContext.Provider>
  );
}
