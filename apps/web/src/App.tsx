import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider, meQueryKey } from './features/auth/AuthProvider';
import { BootFrame } from './layout/BootFrame';
import { errorCode } from './shared/lib/errors';
import { router } from './routes';
import { createTrpcClient, trpc } from './trpc';

const NO_RETRY = new Set(['NOT_FOUND', 'UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST']);

// One place that notices a session ended elsewhere (logout in another tab, password reset): back to login.
function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (errorCode(error) === 'UNAUTHORIZED') client.setQueryData(meQueryKey, null);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A missing record or a refused request will not change by asking again.
        retry: (count, error) => !NO_RETRY.has(errorCode(error) ?? '') && count < 2,
      },
    },
  });
  return client;
}

/** Providers (react-query, tRPC, auth) around the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider booting={<BootFrame />}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
