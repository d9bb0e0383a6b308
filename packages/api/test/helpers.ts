import { createTestDb, type Db } from '@app/db';
import {
  appRouter,
  createCallerFactory,
  createContextInner,
  createMemorySessionStore,
  type SessionStore,
} from '../src';
import { createOutboxBus, type EventBus } from '../src/events';
import { createLoginLimiters } from '../src/rate-limit';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** One browser: its own cookie jar and address. */
export interface TestClient {
  api: Caller;
  session: SessionStore;
}

export interface TestWorld {
  db: Db;
  events: EventBus;
  client(opts?: { address?: string; sessionId?: string | null }): TestClient;
  /** A browser that has signed up as the given user, with password 'password123'. */
  signedIn(username: string): Promise<TestClient>;
}

export const TEST_PASSWORD = 'password123';

/** A database, an event bus and rate limiters shared by any number of test browsers. */
export function createTestWorld(): TestWorld {
  const db = createTestDb();
  const events = createOutboxBus(db);
  const limiters = createLoginLimiters();
  const world: TestWorld = {
    db,
    events,
    client({ address = '127.0.0.1', sessionId = null } = {}) {
      const session = createMemorySessionStore(sessionId);
      const api = createCaller(createContextInner({ db, events, limiters, session, clientAddress: address }));
      return { api, session };
    },
    async signedIn(username) {
      const c = world.client();
      await c.api.auth.signup({ username, password: TEST_PASSWORD });
      return c;
    },
  };
  return world;
}
