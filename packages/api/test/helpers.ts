import { closeDatabase, openTestDatabase, type Db } from '@app/db';
import { createSandbox, type Sandbox } from '@app/sandbox';
import { afterAll } from 'vitest';
import {
  appRouter,
  createApiDeps,
  createCallerFactory,
  createContext,
  createMemorySessionStore,
  WRITE_LIMIT_KINDS,
  type ApiDeps,
  type RateLimits,
  type SessionStore,
} from '../src';
import type { EventBus } from '../src/core/event-bus';
import type { EventMap, PublishedEvent, Topic } from '../src/core/topics';
import { writeTransaction } from '../src/core/write';
import { createEventBus } from '../src/create-deps';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** One browser: its own cookie jar and address. */
export interface TestClient {
  api: Caller;
  session: SessionStore;
  /** The same browser's caller, whose subscriptions end when the signal aborts. */
  listen(signal: AbortSignal): Caller;
}

export interface EventReader<D> {
  next(): Promise<{ id: string; data: D }>;
  take(n: number): Promise<{ id: string; data: D }[]>;
}

type DataOf<T> = T extends { data: infer D } ? D : never;

export interface TestWorld {
  db: Db;
  deps: ApiDeps;
  client(opts?: { address?: string; sessionId?: string | null }): TestClient;
  /** A browser that has signed up as the given user, with password 'password123'. */
  signedIn(username: string): Promise<TestClient>;
  /** Publishes an event the way a write does (recorded in a transaction, delivered after commit). */
  publish<T extends Topic>(
    topic: T,
    key: string | number,
    payload: EventMap[T],
  ): Promise<PublishedEvent<T>>;
  /**
   * Starts reading a subscription and resolves once it listens on the bus, so events published after
   * that are its to read. Through a server-side caller a tracked event arrives as its envelope
   * [id, data]; the reader gives it back as { id, data }.
   */
  readEvents<T>(subscription: Promise<AsyncIterable<T>>): Promise<EventReader<DataOf<T>>>;
}

export const TEST_PASSWORD = 'password123';

/** A bus that says when someone subscribes: a deterministic "the stream is listening now". */
function observed(bus: EventBus) {
  const waiting: (() => void)[] = [];
  const wrapped: EventBus = {
    ...bus,
    async subscribe(topic, key, listener) {
      const unsubscribe = await bus.subscribe(topic, key, listener);
      waiting.splice(0).forEach((resolve) => resolve());
      return unsubscribe;
    },
    async subscribeBroadcast(topic, key, listener) {
      const unsubscribe = await bus.subscribeBroadcast(topic, key, listener);
      waiting.splice(0).forEach((resolve) => resolve());
      return unsubscribe;
    },
  };
  const nextSubscription = () => new Promise<void>((resolve) => waiting.push(resolve));
  return { bus: wrapped, nextSubscription };
}

let realSandbox: Sandbox | null = null;

/**
 * The test file's one real sandbox (QuickJS workers), shared by its worlds as the server's is by its
 * requests. It starts on the first run of code, so files that run none start no workers, and it is
 * closed after the file's tests.
 */
export const testSandbox: Sandbox = {
  runTests(code, testCases, limits, run) {
    realSandbox ??= createSandbox();
    return realSandbox.runTests(code, testCases, limits, run);
  },
  async close() {
    const sandbox = realSandbox;
    realSandbox = null;
    await sandbox?.close();
  },
};
afterAll(() => testSandbox.close());

/**
 * A cheap password hashing cost (the vitest config sets SCRYPT_LOG_N) keeps hundreds of test sign-ups
 * fast; the server passes its own setting.
 */
export const TEST_SCRYPT_LOG_N = Number(process.env.SCRYPT_LOG_N ?? 10);

// What the file's tests opened, closed after them: on PostgreSQL each test database is a database
// of its own on the server, dropped then.
const opened: { db: Db; bus?: EventBus }[] = [];
afterAll(async () => {
  for (const { db, bus } of opened.splice(0).reverse()) {
    await bus?.close();
    await closeDatabase(db);
  }
});

/** A fresh, empty database of this run's kind (SQLite in memory, or PostgreSQL), closed after the file. */
export async function createTestDatabase(): Promise<Db> {
  const db = await openTestDatabase();
  opened.push({ db });
  return db;
}

/** The full set of shared dependencies over a fresh database. */
export async function createTestDeps(db?: Db): Promise<ApiDeps> {
  const deps = await createApiDeps(db ?? (await createTestDatabase()), {
    sandbox: testSandbox,
    scryptLogN: TEST_SCRYPT_LOG_N,
  });
  opened.push({ db: deps.db, bus: deps.events });
  return deps;
}

/**
 * Tests write a lot, fast, from one address: the per-user write limits and the sign-up limit
 * (limits.ts, applied by limitedProcedure, and the posts' own) are out of the way unless a test sets
 * them. The other limits counted inside services (messages, test runs, logins, game passwords) keep
 * their defaults.
 */
export const ROOMY_WRITE_LIMITS: Partial<RateLimits> = Object.fromEntries(
  WRITE_LIMIT_KINDS.map((kind) => [kind, { max: 1_000_000, windowMs: 1000 }]),
);

/**
 * Shared dependencies used by any number of test browsers, as the server's are; `limits` overrides
 * some rate limits; `sandbox` replaces the file's shared one (a test that needs a tiny pool makes,
 * and closes, its own).
 */
export async function createTestWorld(
  opts: { limits?: Partial<RateLimits>; sandbox?: Sandbox } = {},
): Promise<TestWorld> {
  const db = await createTestDatabase();
  const inner = await createEventBus(db);
  opened.push({ db, bus: inner });
  const { bus, nextSubscription } = observed(inner);
  const deps = await createApiDeps(db, {
    sandbox: opts.sandbox ?? testSandbox,
    events: bus,
    limits: { ...ROOMY_WRITE_LIMITS, ...opts.limits },
    scryptLogN: TEST_SCRYPT_LOG_N,
  });
  const world: TestWorld = {
    db,
    deps,
    client({ address = '127.0.0.1', sessionId = null } = {}) {
      const session = createMemorySessionStore(sessionId);
      const ctx = createContext(deps, { session, clientAddress: address, transport: 'internal' });
      return { api: createCaller(ctx), session, listen: (signal) => createCaller(ctx, { signal }) };
    },
    async signedIn(username) {
      const c = world.client();
      await c.api.auth.signup({ username, password: TEST_PASSWORD });
      return c;
    },
    publish: (topic, key, payload) =>
      writeTransaction(deps, ({ publish }) => publish(topic, key, payload)),
    async readEvents<T>(subscription: Promise<AsyncIterable<T>>): Promise<EventReader<DataOf<T>>> {
      const iterator = (await subscription)[Symbol.asyncIterator]();
      const listening = nextSubscription();
      let pending = iterator.next();
      await listening;
      const reader: EventReader<DataOf<T>> = {
        async next() {
          const result = await pending;
          pending = iterator.next();
          const [id, data] = result.value as unknown as [string, DataOf<T>];
          return { id, data };
        },
        async take(n: number) {
          const out = [];
          for (let i = 0; i < n; i++) out.push(await reader.next());
          return out;
        },
      };
      return reader;
    },
  };
  return world;
}
