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
export type { BusEvent, EventMap, PublishedEvent, Topic } from './events/topics';
export type { QuestionEvent } from './services/questions/question-events';
export type { PublicUser, UserEvent } from './services/users/user-events';
export { createLoginLimiters, type LoginLimiters, type RateLimiter } from './rate-limit';
export { hashPassword } from './services/users/passwords';
export { SESSION_LIFETIME_MS } from './services/users/sessions';

/** Every procedure's input and output, for the web app: `RouterOutputs['question']['byId']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
