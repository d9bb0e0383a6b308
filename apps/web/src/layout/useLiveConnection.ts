import { useSyncExternalStore } from 'react';
import type { ConnectionSnapshot } from '../shared/live/liveConnection';
import { liveConnection } from '../trpc';

/** The live (WebSocket) connection's state: status, whether it is reconnecting, and its generation. */
export function useLiveConnection(): ConnectionSnapshot {
  return useSyncExternalStore(
    liveConnection.subscribe,
    liveConnection.getSnapshot,
    liveConnection.getSnapshot,
  );
}
