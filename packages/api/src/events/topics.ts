import type {
  ChatEvent,
  GlobalMessageEvent,
  InboxEvent,
} from '../services/messaging/messaging-events';
import type { GameEvent, GamePresence } from '../services/games/game-events';
import type { NotificationEvent } from '../services/notifications/notification-shapes';
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
  /** Keyed by game id: the room's state, code updates and test results; the lobby reads states. */
  game: GameEvent;
  /** Keyed by the owner's username: their own notifications, for them alone. */
  notification: NotificationEvent;
}
export type Topic = keyof EventMap;

/** Ephemeral topics (EventBus.broadcast): never stored, only live listeners hear them. */
export interface BroadcastMap {
  /** Keyed by game id: a CollabCode player's awareness (cursor, name). */
  gamePresence: GamePresence;
}
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
