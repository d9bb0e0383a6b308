import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { callHook } from '../../test-support/callHook';
import {
  keyedResumePoints,
  useResumableStream,
  type ResumableStreamOptions,
  type ResumePoint,
} from './useResumableStream';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// The recipe every live hook follows, driven as tRPC drives a subscription's handlers: started (on
// the first start and again after every reconnect), then one call per event. Restarts are limited
// per query and page load, so every test reads its own keys.

let keys = 0;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function stream(
  resumePoint: ResumePoint,
  options: Partial<ResumableStreamOptions<string, { qid: number }>> = {},
) {
  const key = [`read-${++keys}`];
  const events: string[] = [];
  const { result, queryClient } = callHook(() =>
    useResumableStream<string, { qid: number }>({
      resumePoint,
      input: { qid: 1 },
      reads: [key],
      readsUnderWay: 'restart',
      onEvent: ({ data }) => events.push(data),
      ...options,
    }),
  );
  return { ...result, key, events, queryClient };
}

/** A read of `key` that has not answered yet; `restarted` tells whether it was dropped to be read again. */
function readUnderWay(queryClient: QueryClient, key: string[]) {
  void queryClient
    .fetchQuery({ queryKey: key, queryFn: () => new Promise<number>(() => {}) })
    .catch(() => {});
  return { restarted: () => queryClient.getQueryState(key)?.isInvalidated ?? false };
}

describe('a resumable stream', () => {
  it('subscribes after the last event this page load saw, with what it is about', () => {
    expect(stream({ lastEventId: '7' }).input).toEqual({ qid: 1, lastEventId: '7' });
    expect(stream({ lastEventId: null }).input).toEqual({ qid: 1, lastEventId: null });
  });

  it('reads the cache afresh when it starts with nothing to resume from, and not otherwise', async () => {
    const blind = stream({ lastEventId: null });
    blind.queryClient.setQueryData(blind.key, 1);
    blind.handlers.onStarted();
    await settle();
    expect(blind.queryClient.getQueryState(blind.key)?.isInvalidated).toBe(true);

    const resumed = stream({ lastEventId: '7' });
    resumed.queryClient.setQueryData(resumed.key, 1);
    resumed.handlers.onStarted();
    await settle();
    expect(resumed.queryClient.getQueryState(resumed.key)?.isInvalidated).toBe(false);
  });

  it('remembers each event before applying it, so a restart resumes after it', async () => {
    const point: ResumePoint = { lastEventId: null };
    const live = stream(point);
    live.handlers.onData({ id: '8', data: 'answered' });
    expect(point.lastEventId).toBe('8');
    expect(live.events).toEqual(['answered']);

    live.queryClient.setQueryData(live.key, 1);
    live.handlers.onStarted();
    await settle();
    expect(live.queryClient.getQueryState(live.key)?.isInvalidated).toBe(false);
  });

  it('restarts a read under way when an event lands, as the stream says', async () => {
    const restarted = stream({ lastEventId: null });
    const read = readUnderWay(restarted.queryClient, restarted.key);
    restarted.handlers.onData({ id: '1', data: 'voted' });
    await settle();
    expect(read.restarted()).toBe(true);

    const left = stream({ lastEventId: null }, { readsUnderWay: 'leave' });
    const leftRead = readUnderWay(left.queryClient, left.key);
    left.handlers.onData({ id: '1', data: 'voted' });
    await settle();
    expect(leftRead.restarted()).toBe(false);

    const other = stream({ lastEventId: null }, { changesReads: (data) => data !== 'code' });
    const otherRead = readUnderWay(other.queryClient, other.key);
    other.handlers.onData({ id: '1', data: 'code' });
    await settle();
    expect(otherRead.restarted()).toBe(false);
    expect(other.events).toEqual(['code']);
  });

  it('keeps a resume point per key', () => {
    const pointOf = keyedResumePoints<number>();
    pointOf(1).lastEventId = '5';
    expect(pointOf(1)).toEqual({ lastEventId: '5' });
    expect(pointOf(2)).toEqual({ lastEventId: null });
  });
});
