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
  /** The same browser's caller, whose subscriptions end when the signal aborts. */
  listen(signal: AbortSignal): Caller;
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
      const ctx = createContextInner({ db, events, limiters, session, clientAddress: address });
      return { api: createCaller(ctx), session, listen: (signal) => createCaller(ctx, { signal }) };
    },
    async signedIn(username) {
      const c = world.client();
      await c.api.auth.signup({ username, password: TEST_PASSWORD });
      return c;
    },
  };
  return world;
}

/**
 * Starts reading a subscription and returns a reader of its next events. Through a server-side caller
 * a tracked event arrives as its envelope [id, data]; this gives it back as { id, data }.
 */
export async function readEvents<T>(subscription: Promise<AsyncIterable<T>>) {
  const iterator = (await subscription)[Symbol.asyncIterator]();
  let pending = iterator.next();
  // The generator subscribes on its first read; let it get there before the test publishes anything.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return {
    async next(): Promise<{ id: string; data: T extends { data: infer D } ? D : never }> {
      const result = await pending;
      pending = iterator.next();
      const [id, data] = result.value as unknown as [string, never];
      return { id, data };
    },
    async take(n: number) {
      const out = [];
      for (let i = 0; i < n; i++) out.push(await this.next());
      return out;
    },
  };
}
