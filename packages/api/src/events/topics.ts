import type {
  ChatEvent,
  GlobalMessageEvent,
  InboxEvent,
} from '../services/messaging/messaging-events';
import type { ProblemEvent } from '../services/problems/problem-events';
import type { QuestionEvent } from '../services/questions/question-events';
import type { UserEvent } from '../services/users/user-events';

/** Every live topic and what its events carry. Each event carries the absolute new state it made. */
export interface EventMap {
  user: UserEvent;
  question: QuestionEvent;
  message: GlobalMessageEvent;
  chat: ChatEvent;
  inbox: InboxEvent;
  problem: ProblemEvent;
}
export type Topic = keyof EventMap;

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
