import type { AppRouter } from '@app/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { afterEach } from 'vitest';
import type { trpc } from '../trpc';

/** tRPC's helpers over a cache, as trpc.useUtils() hands them to the cache hooks. */
export type Utils = ReturnType<typeof trpc.useUtils>;

let clients: QueryClient[] = [];
// Registered in every test file that imports this one: each test's caches are emptied after it.
afterEach(() => {
  for (const client of clients) client.clear();
  clients = [];
});

/** A cache and tRPC's helpers over it, as one page has them; nothing here reaches a server. */
export function testCache(): { queryClient: QueryClient; utils: Utils } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const client = createTRPCClient<AppRouter>({ links: [] });
  // The same helpers trpc.useUtils() hands the hook, built without React.
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client }) as unknown as Utils;
  return { queryClient, utils };
}
