import type { BroadcastListener, Listener } from '../core/event-bus';
import type { BroadcastTopic, BusEvent, Topic } from '../core/topics';

/**
 * Who listens to what in this process, for either database's bus: stored events by topic (every
 * key, or one), and ephemeral broadcasts by topic and key, apart from them. One broken listener
 * never keeps a message from the others.
 */
export function createListeners() {
  const events = new Map<string, Set<Listener<Topic>>>();
  const broadcasts = new Map<string, Set<BroadcastListener<BroadcastTopic>>>();
  const channel = (topic: string, key: string | null) => `${topic}\u0000${key ?? '*'}`;

  function add<L>(map: Map<string, Set<L>>, name: string, listener: L): () => void {
    let set = map.get(name);
    if (!set) map.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) map.delete(name);
    };
  }

  function call<A>(set: Set<(arg: A) => void> | undefined, arg: A, who: string): void {
    for (const listener of set ?? []) {
      try {
        listener(arg);
      } catch (error) {
        console.error(`${who} failed:`, error);
      }
    }
  }

  return {
    /** Hands a stored event to the listeners of its topic, then to those of its key. */
    hand(event: BusEvent): void {
      call(events.get(channel(event.topic, null)), event, `event listener on ${event.topic}`);
      call(events.get(channel(event.topic, event.key)), event, `event listener on ${event.topic}`);
    },
    subscribe<T extends Topic>(topic: T, key: string | null, listener: Listener<T>): () => void {
      return add(events, channel(topic, key), listener as Listener<Topic>);
    },
    handBroadcast(topic: string, key: string, payload: unknown): void {
      call(broadcasts.get(channel(topic, key)), payload as never, `broadcast listener on ${topic}`);
    },
    subscribeBroadcast<T extends BroadcastTopic>(
      topic: T,
      key: string,
      listener: BroadcastListener<T>,
    ): () => void {
      return add(broadcasts, channel(topic, key), listener as BroadcastListener<BroadcastTopic>);
    },
  };
}
