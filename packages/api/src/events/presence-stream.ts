import type { ApiDeps } from '../core/deps';
import type { EventBus } from '../core/event-bus';
import type { BroadcastMap, BroadcastTopic } from '../core/topics';
import type { Viewer } from '../core/viewer';
import { whileSignedIn } from './signed-in';

export interface BroadcastStreamOptions<T extends BroadcastTopic> {
  topic: T;
  key: string | number;
  signal: AbortSignal;
  /** Whether this subscriber may hear a message: asked of every one. */
  allow?: (payload: BroadcastMap[T]) => boolean | Promise<boolean>;
}

/**
 * The live messages of one key of a broadcast topic, as they come: no ids, no replay (what was
 * said while nobody listened is gone; a reconnecting client hears the next ones).
 */
export async function* streamBroadcasts<T extends BroadcastTopic>(
  bus: EventBus,
  opts: BroadcastStreamOptions<T>,
) {
  const { topic, signal, allow } = opts;
  const queue: BroadcastMap[T][] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = await bus.subscribeBroadcast(topic, String(opts.key), (payload) => {
    queue.push(payload);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal.aborted) {
      const payload = queue.shift();
      if (payload === undefined) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (signal.aborted) resolve();
        });
        wake = null;
        continue;
      }
      if (!allow || (await allow(payload))) yield payload;
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}

/** A signed-in viewer's live broadcast stream: it ends when the client leaves or the session ends. */
export function livePresence<T extends BroadcastTopic>(
  ctx: { deps: ApiDeps; viewer: Viewer },
  signal: AbortSignal | undefined,
  opts: Omit<BroadcastStreamOptions<T>, 'signal'>,
) {
  return streamBroadcasts(ctx.deps.events, {
    ...opts,
    signal: whileSignedIn(ctx.deps.db, ctx.viewer, signal),
  });
}
