import { closeDb, createDb, databaseKind, events } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appRouter,
  createApiDeps,
  createCallerFactory,
  createContext,
  createGameTimer,
  createLeases,
  createMemorySessionStore,
  GAME_TIMER_LEASE,
  type ApiDeps,
  type GameTimer,
  type GameTimerOptions,
} from '../src';
import { createShared } from '../src/core/shared';
import { endTimedOutGame } from '../src/domains/games/game-timer';
import { TEST_PASSWORD, TEST_SCRYPT_LOG_N, testSandbox } from './helpers';
import { problemInput } from './problem-fixtures';
import { fakeClock } from './support/fake-clock';

const createCaller = createCallerFactory(appRouter);

// A short lease, renewed often: a takeover the test waits for takes a fraction of a second.
const FAST: GameTimerOptions = { leaseTtlMs: 300, renewEveryMs: 50 };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server process over the database file: its own connection, deps, bus and process id. */
async function serverProcess(file: string) {
  const db = createDb(file);
  cleanups.push(() => closeDb(db));
  const deps = await createApiDeps(db, { sandbox: testSandbox, scryptLogN: TEST_SCRYPT_LOG_N });
  const as = (sessionId: string) =>
    createCaller(
      createContext(deps, {
        session: createMemorySessionStore(sessionId),
        clientAddress: '127.0.0.1',
        transport: 'internal',
      }),
    );
  return { db, deps, as };
}

async function signUp(deps: ApiDeps, username: string): Promise<string> {
  const session = createMemorySessionStore(null);
  const api = createCaller(
    createContext(deps, { session, clientAddress: '127.0.0.1', transport: 'internal' }),
  );
  await api.auth.signup({ username, password: TEST_PASSWORD });
  return session.sessionId!;
}

/**
 * Two processes on one SQLite file, each with its game timer (started in this order: the first
 * takes the lease), over one clock the test moves; alice and bob, and a 5-minute CollabCode game.
 */
async function twoProcesses() {
  const dir = mkdtempSync(join(tmpdir(), 'qa-game-timer-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'site.db');
  const first = await serverProcess(file);
  const second = await serverProcess(file);
  const alice = await signUp(first.deps, 'alice');
  const bob = await signUp(first.deps, 'bob');
  const problem = (await first.as(bob).problem.create(problemInput())).problem;
  const newGame = async () =>
    (
      await first.as(bob).game.createCollabCode({
        title: 'Against the clock',
        isPrivate: false,
        problemId: problem.id,
        timeLimit: 5,
      })
    ).game.id;
  const fake = fakeClock(Date.now());
  const timerOf = (deps: ApiDeps) => {
    const timer = createGameTimer(deps, fake.clock, FAST);
    cleanups.push(() => timer.stop());
    return timer;
  };
  const firstTimer = timerOf(first.deps);
  const secondTimer = timerOf(second.deps);
  await firstTimer.start();
  await secondTimer.start();
  return { first, second, firstTimer, secondTimer, alice, bob, fake, newGame };
}

/** Waits (a few seconds at most) until the condition holds. */
async function eventually(condition: () => boolean, what: string, withinMs = 5000) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await sleep(10);
  }
}

/** Every state a game's events in the shared outbox carried, in order. */
async function publishedStatuses(deps: ApiDeps, id: string): Promise<string[]> {
  const rows = await deps.db
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.topic, 'game'), eq(events.key, id)))
    .orderBy(asc(events.id));
  // State events only: the final run's test results at time-up carry no game.
  return rows
    .map(({ payload }) =>
      superjson.deserialize<{ type: string; game?: { status: string } }>(
        payload as Parameters<typeof superjson.deserialize>[0],
      ),
    )
    .flatMap((event) => (event.type === 'state' && event.game ? [event.game.status] : []));
}

const idle = (...timers: GameTimer[]) => Promise.all(timers.map((timer) => timer.idle()));

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')(
  'the game timers of two processes on one database',
  () => {
    it('only the holder of the lease keeps alarms; a game whose deadline passes ends once', async () => {
      const { first, second, firstTimer, secondTimer, alice, fake, newGame } = await twoProcesses();
      expect([firstTimer.holdsLease(), secondTimer.holdsLease()]).toEqual([true, false]);
      const id = await newGame();
      const { game } = await first.as(alice).game.join({ id });
      expect(firstTimer.scheduled()).toEqual(new Map([[id, game.deadline]]));
      expect(secondTimer.scheduled().size).toBe(0);

      fake.advance(game.deadline! - fake.clock.now());
      await idle(firstTimer, secondTimer);
      // A late end from the other process (one that held the lease before) finds it over.
      expect(await endTimedOutGame(second.deps, id, fake.clock.now())).toBeNull();

      expect(await second.as(alice).game.byId({ id })).toMatchObject({
        status: 'OVER',
        state: { winners: [] },
      });
      expect(await publishedStatuses(second.deps, id)).toEqual([
        'WAITING_TO_START',
        'IN_PROGRESS',
        'OVER',
      ]);
    });

    it('when the holder dies, the other takes the lease over and ends the games it left', async () => {
      const { first, second, firstTimer, secondTimer, alice, fake, newGame } = await twoProcesses();
      const id = await newGame();
      const { game } = await first.as(alice).game.join({ id });
      // Killed outright: no release, no more renewals; its lease runs out.
      await firstTimer.stop({ release: false });

      await eventually(() => secondTimer.holdsLease(), 'the second process takes the lease');
      // It loaded the deadline from the database: it never heard the join.
      expect(secondTimer.scheduled()).toEqual(new Map([[id, game.deadline]]));
      fake.advance(game.deadline! - fake.clock.now());
      await idle(secondTimer);
      expect((await second.as(alice).game.byId({ id })).status).toBe('OVER');
      expect(await publishedStatuses(second.deps, id)).toEqual([
        'WAITING_TO_START',
        'IN_PROGRESS',
        'OVER',
      ]);
    });

    it('a holder that stops hands the lease over at once, long before it would expire', async () => {
      const { first, second, firstTimer, secondTimer, alice, newGame } = await twoProcesses();
      const id = await newGame();
      await first.as(alice).game.join({ id });
      const slow = createGameTimer(second.deps, undefined, {
        leaseTtlMs: 60_000,
        renewEveryMs: 50,
      });
      await secondTimer.stop();
      await firstTimer.stop();
      await slow.start();
      cleanups.push(() => slow.stop());
      expect(slow.holdsLease()).toBe(true);
      expect([...slow.scheduled().keys()]).toEqual([id]);
    });

    it('a holder whose lease was taken (it paused past it) drops its alarms', async () => {
      const { first, firstTimer, alice, newGame } = await twoProcesses();
      const id = await newGame();
      await first.as(alice).game.join({ id });
      expect([...firstTimer.scheduled().keys()]).toEqual([id]);
      // As if the first process had been paused past its lease and a third one took it meanwhile.
      first.db.$client.prepare('update leases set expires_at = 0').run();
      const third = createLeases({ db: first.db, shared: createShared({ processId: 'third' }) });
      expect(await third.acquire(GAME_TIMER_LEASE, 60_000)).toBe(true);

      await eventually(() => !firstTimer.holdsLease(), 'the first process notices its loss');
      expect(firstTimer.scheduled().size).toBe(0);
    });

    // A game joined through a process that does not hold the lease reaches the holder only through
    // the bus, which carries other processes' events.
    it('a game started on the other process gets its alarm in the holder', async () => {
      const { second, firstTimer, secondTimer, alice, newGame } = await twoProcesses();
      const id = await newGame();
      const { game } = await second.as(alice).game.join({ id });
      await eventually(() => firstTimer.scheduled().has(id), 'the holder hears of the game', 2000);
      expect(firstTimer.scheduled()).toEqual(new Map([[id, game.deadline]]));
      expect(secondTimer.scheduled().size).toBe(0);
    });
  },
);
