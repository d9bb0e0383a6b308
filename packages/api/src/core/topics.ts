/**
 * Every live topic and what its events carry; each event carries the absolute new state it made.
 * Each domain adds its own topics in its events.ts (declaration merging), next to their payload
 * types and the rules of what each event changes, so this file names no domain:
 *
 *   declare module '../../core/topics' {
 *     interface EventMap { question: QuestionEvent }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains
export interface EventMap {}
export type Topic = keyof EventMap;

/** Ephemeral topics (EventBus.broadcast): never stored, only live listeners hear them. Filled the same way. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains
export interface BroadcastMap {}
export type BroadcastTopic = keyof BroadcastMap;

/**
 * One stored event. `id` is opaque to clients (only the bus reads it) and grows in publish order;
 * `key` names what the event is about inside its topic (a question id, a username), so a subscriber
 * to one of them reads only its own events.
 */
export interface BusEvent<T extends Topic = Topic> {
  id: string;
  topic: T;
  key: string;
  payload: EventMap[T];
}

/** What a write hands back: the event it published, which the web applies like a live one. */
export interface PublishedEvent<T extends Topic> {
  id: string;
  payload: EventMap[T];
}

export const publishedEvent = <T extends Topic>(event: BusEvent<T>): PublishedEvent<T> => ({
  id: event.id,
  payload: event.payload,
});
