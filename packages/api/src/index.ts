export { appRouter, type AppRouter } from './root';
export { createCallerFactory } from './trpc';
export {
  createContextInner,
  createMemorySessionStore,
  createReadOnlySessionStore,
  type Context,
  type CreateContextOptions,
  type SessionStore,
} from './context';
export { createOutboxBus, pruneEvents, type EventBus, type EventMap } from './events';
export { createLoginLimiters, type LoginLimiters } from './rate-limit';
export { hashPassword } from './services/passwords';
export { SESSION_LIFETIME_MS } from './services/sessions';
