import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root';

export { appRouter, type AppRouter } from './root';
export { createCallerFactory } from './trpc';
export type { ApiDeps } from './core/deps';
export { createShared, newProcessId, type Shared } from './core/shared';
export { createApiDeps, createEventBus } from './create-deps';
export {
  createContext,
  createMemorySessionStore,
  createReadOnlySessionStore,
  sessionViewer,
  type Context,
  type RequestInfo,
  type SessionStore,
  type Transport,
} from './context';
export {
  createReadCache,
  ReadCache,
  type InvalidationTables,
  type ReadDependency,
  type Shelf,
  type ShelfSpec,
  type Slot,
  type Stored,
} from './read-cache';
export type { EventBus } from './core/event-bus';
export { createOutboxBus, pruneEvents } from './events/outbox-bus';
export type {
  BroadcastMap,
  BroadcastTopic,
  BusEvent,
  EventMap,
  PublishedEvent,
  Topic,
} from './core/topics';
export {
  QUESTION_INVALIDATION,
  type QuestionEvent,
  type QuestionInvalidation,
} from './domains/questions/events';
export type { PublicUser, UserEvent } from './domains/users/events';
export {
  applyReputation,
  postVisibilityChanged,
  type ReputationSubject,
} from './domains/reputation/reputation';
export {
  computeReputations,
  recomputeReputation,
  type RecomputeReport,
} from './domains/reputation/recompute';
export { REPUTATION_POINTS } from './domains/reputation/rules';
export type {
  ReputationChangeView,
  ReputationHistoryPage,
  UserReputation,
} from './domains/reputation/reputation-reads';
export { shownReputation } from '@app/validators';
export type { ProblemEvent } from './domains/problems/events';
export type {
  MyVote as ProblemMyVote,
  ProblemDetail,
  ProblemPage,
  ProblemSummary,
  ProblemTestCaseView,
  SubmissionDetail,
  SubmissionRow,
  TestResultView,
} from './domains/problems/shapes';
export type { ChatEvent, GlobalMessageEvent, InboxEvent } from './domains/messaging/events';
export type { GameEvent, GamePresence } from './domains/games/events';
export type { NotificationEvent } from './domains/notifications/events';
export type { AccountEvent } from './domains/moderation/events';
export { DEFAULT_HIDE_AFTER_FLAGS } from './domains/moderation/moderation-deps';
export { listModerators, setUserRole } from './domains/moderation/roles';
export type {
  NotificationKind,
  NotificationPage,
  NotificationPlace,
  NotificationView,
} from './domains/notifications/shapes';
export type {
  GameRoomView,
  GameSummary,
  GameTestResults,
  GameType,
  GameView,
} from './domains/games/shapes';
export {
  createGameTimer,
  GAME_TIMER_LEASE,
  systemClock,
  type GameTimer,
  type GameTimerClock,
  type GameTimerOptions,
} from './domains/games/game-timer';
export { createLeases, type Leases } from './core/lease';
export { CODE_TEXT, codeText } from './domains/games/game-docs';
export {
  addressKey,
  createRateLimiters,
  DEFAULT_RATE_LIMITS,
  parseDuration,
  parseRateLimit,
  type RateLimit,
  type RateLimiter,
  type RateLimiters,
  type RateLimits,
  type SharedRateLimiter,
} from './core/rate-limit';
export {
  CONNECTION_CAP_KINDS,
  CONNECTION_CAP_TABLE,
  DEFAULT_CONNECTION_CAPS,
  RATE_LIMIT_KINDS,
  WRITE_LIMIT_KINDS,
  RATE_LIMIT_TABLE,
  type ConnectionCapKind,
  type ConnectionCaps,
  type RateLimitKind,
} from './core/limits';
export { DEFAULT_SCRYPT_LOG_N, hashPassword } from './domains/users/passwords';
export { problemSearchKey } from './domains/problems/problem-search';
export { findSessionUser, SESSION_LIFETIME_MS } from './core/viewer';

/** Every procedure's input and output, for the web app: `RouterOutputs['question']['byId']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
