import type { AppRouter } from '@app/api';
import { createTRPCReact } from '@trpc/react-query';

/**
 * What a test puts in place of the app's trpc module (`vi.mock('…/trpc', () => import(this))`): that
 * module also opens the live connection, which needs a browser, while hooks and cache rules need only
 * tRPC's React bindings and the typed procedure paths, which any proxy gives.
 */
export const trpc = createTRPCReact<AppRouter>();
