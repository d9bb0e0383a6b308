import type { AppRouter, RouterInputs, RouterOutputs } from '@app/api';
import { httpBatchLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { MAX_BATCH_SIZE } from '@app/validators';
import superjson from 'superjson';
import { LiveConnection } from './shared/live/liveConnection';
import { timedFetch } from './shared/live/timedFetch';
import { wsUrlFor } from './shared/live/wsUrl';

/** The typed React hooks for every procedure: trpc.user.list.useQuery(), trpc.auth.login.useMutation(), … */
export const trpc = createTRPCReact<AppRouter>();

export type { RouterInputs, RouterOutputs };

/** The one WebSocket connection for subscriptions; call liveConnection.recreate() after any auth change. */
export const liveConnection = new LiveConnection(() => wsUrlFor(window.location));

/** Recreates the WebSocket so the server sees the new session cookie (after login, signup, logout, delete). */
export const recreateLiveConnection = (): Promise<void> => liveConnection.recreate();

/** Subscriptions over the WebSocket, everything else batched over HTTP; both use superjson. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: liveConnection.link<AppRouter>(),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: MAX_BATCH_SIZE,
          // An action the server does not answer in time fails with a sentence (never retried).
          fetch: timedFetch((url, options) =>
            fetch(url, { ...options, credentials: 'same-origin' }),
          ),
        }),
      }),
    ],
  });
}
