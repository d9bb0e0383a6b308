import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root';

export { appRouter, type AppRouter } from './root';
export { createCallerFactory } from './trpc';
export { createApiDeps, type ApiDeps } from './deps';
export {
  createContext,
  createMemorySessionStore,
  createReadOnlySessionStore,
  type Context,
  type RequestInfo,
  type SessionStore,
  type Transport,
} from './context';
export type { EventBus } from './events/bus';
export { createOutboxBus, pruneEvents } from './events/outbox-bus';
export type {
  BroadcastMap,
  BroadcastTopic,
  BusEvent,
  EventMap,
  PublishedEvent,
  Topic,
} from './events/topics';
export type { QuestionEvent } from './services/questions/question-events';
export type { PublicUser, UserEvent } from './services/users/user-events';
export type { ProblemEvent } from './services/problems/problem-events';
export type {
  MyVote as ProblemMyVote,
  ProblemDetail,
  ProblemPage,
  ProblemSummary,
  ProblemTestCaseView,
  SubmissionDetail,
  SubmissionRow,
  TestResultView,
} from './services/problems/problem-shapes';
export type {
  ChatEvent,
  GlobalMessageEvent,
  InboxEvent,
} from './services/messaging/messaging-events';
export type { GameEvent, GamePresence } from './services/games/game-events';
export type {
  NotificationEvent,
  NotificationKind,
  NotificationPage,
  NotificationPlace,
  NotificationView,
} from './services/notifications/notification-shapes';
export type {
  GameRoomView,
  GameSummary,
  GameTestResults,
  GameType,
  GameView,
} from './services/games/game-shapes';
export {
  createGameTimer,
  systemClock,
  type GameTimer,
  type GameTimerClock,
} from './services/games/game-timer';
export { CODE_TEXT, codeText } from './services/games/game-docs';
export {
  addressKey,
  createMemoryRateLimiter,
  createRateLimiters,
  DEFAULT_RATE_LIMITS,
  MAX_RATE_LIMIT_KEYS,
  parseDuration,
  parseRateLimit,
  type MemoryRateLimiter,
  type RateLimit,
  type RateLimiter,
  type RateLimiters,
  type RateLimits,
} from './rate-limit';
export {
  CONNECTION_CAP_KINDS,
  CONNECTION_CAP_TABLE,
  DEFAULT_CONNECTION_CAPS,
  RATE_LIMIT_KINDS,
  RATE_LIMIT_TABLE,
  type ConnectionCapKind,
  type ConnectionCaps,
  type RateLimitKind,
} from './limits';
export { hashPassword } from './services/users/passwords';
export { problemSearchKey } from './services/problems/problem-search';
export { findSessionUser, SESSION_LIFETIME_MS } from './services/users/sessions';

/** Every procedure's input and output, for the web app: `RouterOutputs['question']['byId']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
