import type { AppRouter } from '@app/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { renderToString } from 'react-dom/server';
import { UserContext, type CurrentUser, type UserContextValue } from '../shared/session/context';
import { trpc } from '../trpc';

/** What the stand-in server answers a call with: the procedure's result, or an error with its sentence. */
export type Answer = { data: unknown } | { error: string };

/**
 * A tRPC link in place of the network: each call is held until the test answers it, in any order.
 * `calls` lists them as they come (path and input).
 */
export function heldServer() {
  const calls: { path: string; input: unknown; answer: (answer: Answer) => void }[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({
          path: op.path,
          input: op.input,
          answer: (answer) => {
            if ('error' in answer) {
              observer.error(TRPCClientError.from(new Error(answer.error)));
              return;
            }
            observer.next({ result: { type: 'data', data: answer.data } });
            observer.complete();
          },
        });
        return () => {};
      });
  return { calls, link };
}

/**
 * Renders one component that calls `hook`, inside the providers of a signed-in page, and hands back
 * what the hook returned with the page's query cache. Server rendering runs the hook once without a
 * document (no effects, no subscriptions): enough for hooks that hand back functions over the cache,
 * which the test then calls as the live streams and the writes' replies do. Calls go to `server` (see
heldServer); none reach the network.
 */
export function callHook<T>(
  hook: () => T,
  username = 'alice',
  server: TRPCLink<AppRouter>[] = [],
): { result: T; queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createTRPCClient<AppRouter>({ links: server });
  const user = { username, biography: '', dateJoined: new Date(0) } as CurrentUser;
  const account: UserContextValue = {
    user,
    logout: async () => {},
    deleteAccount: async () => {},
    setUser: () => {},
  };
  let result: { value: T } | null = null;
  function Probe() {
    result = { value: hook() };
    return null;
  }
  renderToString(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <UserContext.Provider value={account}>
          <Probe />
        </UserContext.Provider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  if (!result) throw new Error('The hook was not called.');
  return { result: (result as { value: T }).value, queryClient };
}
