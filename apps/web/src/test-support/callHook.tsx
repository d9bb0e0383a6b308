import type { AppRouter } from '@app/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { renderToString } from 'react-dom/server';
import { UserContext, type CurrentUser, type UserContextValue } from '../auth/context';
import { trpc } from '../trpc';

/**
 * Renders one component that calls `hook`, inside the providers of a signed-in page, and hands back
 * what the hook returned with the page's query cache. Server rendering runs the hook once without a
 * document (no effects, no subscriptions): enough for hooks that hand back functions over the cache,
 * which the test then calls as the live streams and the writes' replies do. No request is ever sent.
 */
export function callHook<T>(
  hook: () => T,
  username = 'alice',
): { result: T; queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createTRPCClient<AppRouter>({ links: [] });
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
