import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** True while an infinite query loads its next page (rather than refetching what it has). */
export function isFetchingMore(state: { fetchMeta: unknown }): boolean {
  const meta = state.fetchMeta as { fetchMore?: unknown } | null;
  return Boolean(meta?.fetchMore);
}

// A fetch under way when an event lands may have read the database before the event, and would then
// overwrite the patch with older numbers (or, a first read, miss the event altogether): such a fetch
// is restarted. At most once a second per query, so a busy stream of events cannot keep a list from
// ever loading; an event within that second gets one more read at its end, never none.
const RESTART_GAP_MS = 1000;
const restartedAt = new Map<string, number>();
const restartPending = new Set<string>();

/**
 * Restarts a query that was fetching when an event was applied (see above): now, or at the end of
 * the second since its last restart. The later read starts after the event, so it includes it.
 */
export function restartIfFetching(queryHash: string, fetching: boolean, restart: () => void): void {
  if (!fetching || restartPending.has(queryHash)) return;
  const wait = (restartedAt.get(queryHash) ?? -Infinity) + RESTART_GAP_MS - Date.now();
  if (wait <= 0) {
    restartedAt.set(queryHash, Date.now());
    restart();
    return;
  }
  restartPending.add(queryHash);
  setTimeout(() => {
    restartPending.delete(queryHash);
    restartedAt.set(queryHash, Date.now());
    restart();
  }, wait);
}

/**
 * Fetches a query afresh, dropping the fetch under way rather than joining it: that fetch may have
 * read the database before the event, and a query with no data yet would otherwise just wait for it.
 */
export async function restartFetch(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  await queryClient.invalidateQueries({ queryKey, exact: true });
}

/**
 * Reads every query under these keys afresh as a live stream starts without a resume point: a read
 * under way may predate the stream, and an event between the two would be lost, so that read is
 * dropped rather than joined (see restartFetch).
 */
export async function restartReads(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * Before a live event is applied: a read under way under these keys may have read the database
 * before the event and would put the older value back (a first read, with nothing cached, would
 * miss the event), so it is restarted (restartIfFetching). `firstOnly` leaves reads
 * of cached data to apply functions that restart a patched read themselves.
 */
export function restartReadsUnderWay(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
  { firstOnly = false }: { firstOnly?: boolean } = {},
): void {
  const cache = queryClient.getQueryCache();
  for (const queryKey of queryKeys) {
    for (const query of cache.findAll({ queryKey, fetchStatus: 'fetching' })) {
      if (isFetchingMore(query.state) || (firstOnly && query.state.data !== undefined)) continue;
      restartIfFetching(
        query.queryHash,
        true,
        () => void restartFetch(queryClient, query.queryKey),
      );
    }
  }
}

/** Remembers the ids of the events applied lately: a write's own event comes back on the live stream too. */
export function createAppliedIds(capacity = 500): (id: string) => boolean {
  const applied = new Set<string>();
  return (id) => {
    if (applied.has(id)) return false;
    applied.add(id);
    if (applied.size > capacity) applied.delete(applied.values().next().value as string);
    return true;
  };
}
