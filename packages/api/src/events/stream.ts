import { tracked } from '@trpc/server';
import type { EventBus } from '../core/event-bus';
import type { BusEvent, EventMap, Topic } from '../core/topics';

const REPLAY_PAGE = 1000;

export interface StreamOptions<T extends Topic, Out = EventMap[T]> {
  topic: T;
  /** One key of the topic (a question id, a chat id), or the whole topic. */
  key?: string | number | null;
  /** The last event the client saw: replay resumes after it. */
  lastEventId?: string | null;
  signal: AbortSignal;
  /** Whether this subscriber may see an event: asked of every event, in the replay and live alike. */
  allow?: (payload: EventMap[T]) => boolean | Promise<boolean>;
  /** What the subscriber receives of an event it may see, when not the stored payload itself. */
  present?: (payload: EventMap[T]) => Out | Promise<Out>;
}

/**
 * The body of every resumable subscription: listen first, then replay what was stored after
 * lastEventId, then stream live events, so nothing falls in the gap and nothing comes twice. Ids stay
 * the bus's, so resuming after an event this subscriber was not allowed to see works the same.
 */
export async function* streamEvents<T extends Topic, Out = EventMap[T]>(
  bus: EventBus,
  opts: StreamOptions<T, Out>,
) {
  const { topic, signal, allow } = opts;
  const present = opts.present ?? ((payload: EventMap[T]) => payload as Out);
  const key = opts.key === undefined || opts.key === null ? null : String(opts.key);
  const queue: BusEvent<T>[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = await bus.subscribe(topic, key, (event) => {
    queue.push(event);
    wake?.();
  });
  // One listener for the whole subscription: waking the loop is all an abort needs to do.
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    let lastId: string | null = opts.lastEventId ?? null;
    if (lastId !== null) {
      // Page through the backlog: a long absence may have left more than one page behind.
      for (let after = lastId; ; after = lastId) {
        const backlog: BusEvent<T>[] = await bus.replay(topic, key, after, REPLAY_PAGE);
        for (const event of backlog) {
          lastId = event.id;
          if (!allow || (await allow(event.payload)))
            yield tracked(event.id, await present(event.payload));
        }
        if (backlog.length < REPLAY_PAGE || signal.aborted) break;
      }
    }
    while (!signal.aborted) {
      const event = queue.shift();
      if (!event) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (signal.aborted) resolve();
        });
        wake = null;
        continue;
      }
      if (lastId !== null && !bus.isAfter(event.id, lastId)) continue;
      lastId = event.id;
      if (!allow || (await allow(event.payload)))
        yield tracked(event.id, await present(event.payload));
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}
