import { GAME_TIMER_LEASE } from '@app/api';
import { closeDatabase, events, firstRow, games, leases, openDatabase, type Db } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../../packages/api/test/support/redis-server';
import { useServerGroup, type GroupServer, type ServerGroup } from './support/server-group';
import { ADD_PROBLEM, TrpcUser } from './sweep/fixtures';

// Two real server processes on one database, with Redis and without: the one holding the
// game-timer lease dies (SIGKILL) or stops (SIGTERM) while a CollabCode game runs, and the other
// ends that game at its deadline, once. The shortest time limit is 5 minutes, so the test moves the
// game's deadline in the database behind the holder's back: the holder's alarm still rings at the
// old time, so only a takeover that loads the games from the database can end it on time.

/** The server's lease (createGameTimer's defaults; no setting changes them). */
const LEASE_TTL_MS = 10_000;
const RENEW_EVERY_MS = 3_000;
/** Room for a loaded machine: a renewal tick late, the outbox tailed, the poll's own interval. */
const MARGIN_MS = 3_000;
/**
 * Sooner than a lease left to lapse could pass to the other: at least its time to live less one
 * renewal interval after the signal (the holder renews until it stops), less a margin.
 */
const HANDED_OVER_WITHIN_MS = LEASE_TTL_MS - RENEW_EVERY_MS - 2_000;
/** Where server-group.ts points the processes' Redis keys. */
const REDIS_PREFIX = 'group:';

let redis: TestRedis | null = null;

/** The process id a server goes by among those sharing the database (GET /healthz in JSON). */
async function processIdOf(server: GroupServer): Promise<string> {
  const res = await fetch(`${server.url}/healthz`, { headers: { accept: 'application/json' } });
  return ((await res.json()) as { process: string }).process;
}

/** The group's database, as the servers see it (the SQLite file, or the PostgreSQL database). */
const databaseOf = (group: ServerGroup) => ({ path: group.databasePath, url: group.databaseUrl });

/** A connection of the test's own to the servers' database, for one look or one change. */
async function withDatabase<T>(
  database: { path: string; url?: string },
  use: (db: Db) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(database);
  try {
    return await use(db);
  } finally {
    await closeDatabase(db);
  }
}

/** The game's 'state' events in the shared outbox, by the status each one carried. */
function publishedStatuses(group: ServerGroup, gameId: string): Promise<string[]> {
  return withDatabase(databaseOf(group), async (db) =>
    (
      await db
        .select({ payload: events.payload })
        .from(events)
        .where(and(eq(events.topic, 'game'), eq(events.key, gameId)))
        .orderBy(asc(events.id))
    )
      .map(({ payload }) =>
        superjson.deserialize<{ type: string; game?: { status: string } }>(
          payload as Parameters<typeof superjson.deserialize>[0],
        ),
      )
      // The final run's test results at time-up carry no game.
      .flatMap((event) => (event.type === 'state' && event.game ? [event.game.status] : [])),
  );
}

/**
 * Moves a CollabCode game's deadline (its start time plus its time limit) to `deadline`, in the
 * database only: no event, so the process holding the lease keeps its alarm for the old time.
 */
async function moveDeadline(group: ServerGroup, gameId: string, deadline: number): Promise<void> {
  await withDatabase(databaseOf(group), async (db) => {
    const row = await firstRow(
      db.select({ state: games.state }).from(games).where(eq(games.id, gameId)),
    );
    const state = row?.state as { timeLimit: number; startTime: number };
    await db
      .update(games)
      .set({ state: { ...state, startTime: deadline - state.timeLimit * 60_000 } })
      .where(eq(games.id, gameId));
  });
}

describe.each([
  ['without Redis', false],
  ['with Redis', true],
])('the game timer of two servers on one database, %s', (_, useRedis) => {
  beforeAll(async () => {
    if (useRedis) redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
    redis = null;
  });
  const group = useServerGroup({ redisUrl: () => (useRedis ? redis?.url : undefined) });
  let n = 0;
  const name = (base: string) => `${base}${useRedis ? 'r' : 'd'}${++n}`;

  /** The lease's owner where the servers keep it: Redis when they have it, else the table. */
  async function leaseOwner(): Promise<string | null> {
    if (useRedis) {
      const client = new Redis(redis!.url, { lazyConnect: true });
      try {
        await client.connect();
        return await client.get(`${REDIS_PREFIX}lease:${GAME_TIMER_LEASE}`);
      } finally {
        client.disconnect();
      }
    }
    const row = await withDatabase(databaseOf(group), (db) =>
      firstRow(db.select().from(leases).where(eq(leases.name, GAME_TIMER_LEASE))),
    );
    return row && row.expiresAt > Date.now() ? row.owner : null;
  }

  /** Both servers up (one an earlier test stopped is started again); the holder and the other. */
  async function holderAndOther() {
    for (const server of group.servers)
      if (server.process.child.exitCode !== null || server.process.child.signalCode !== null)
        await server.restart();
    const ids = await Promise.all(group.servers.map(processIdOf));
    // A server just started again may find the lease lapsed and nobody holding it yet.
    let owner: string | null = null;
    const end = Date.now() + LEASE_TTL_MS + RENEW_EVERY_MS + MARGIN_MS;
    while ((owner = await leaseOwner()) === null && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const index = ids.indexOf(owner ?? '');
    expect(index, `the lease's owner ${owner} is one of ${ids.join(', ')}`).toBeGreaterThanOrEqual(
      0,
    );
    return {
      holder: group.servers[index] as GroupServer,
      other: group.servers[1 - index] as GroupServer,
      otherId: ids[1 - index] as string,
    };
  }

  /** A CollabCode game in progress (alice, seated at creation, pressed Start), created through `server`. */
  async function gameInProgress(server: GroupServer) {
    const alice = await TrpcUser.signUp(server.url, name('alice'));
    const { problem } = await alice.mutate('problem.create', ADD_PROBLEM);
    const { game } = await alice.mutate('game.createCollabCode', {
      title: 'Against the clock',
      problemId: problem.id,
      timeLimit: 5,
    });
    await alice.mutate('game.start', { id: game.id });
    return { alice, id: game.id as string };
  }

  /** Polls the game through `server` until it is over; the time it took from `since`. */
  async function overThrough(server: GroupServer, user: TrpcUser, id: string, since: number) {
    const reader = new TrpcUser(server.url, user.name, user.cookie);
    const end = since + LEASE_TTL_MS + RENEW_EVERY_MS + MARGIN_MS;
    let game = await reader.query('game.byId', { id });
    while (game.status !== 'OVER' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      game = await reader.query('game.byId', { id });
    }
    return { game, afterMs: Date.now() - since };
  }

  it('a holder killed outright: the other takes the lease once it lapses and ends the game whose deadline passed, once, with no winners', async () => {
    const { holder, other, otherId } = await holderAndOther();
    const { alice, id } = await gameInProgress(other);
    await moveDeadline(group, id, Date.now() + 3_000);
    expect((await alice.query('game.byId', { id })).status).toBe('IN_PROGRESS');

    const killedAt = Date.now();
    await holder.kill('SIGKILL');
    const { game, afterMs } = await overThrough(other, alice, id, killedAt);

    expect(game).toMatchObject({ status: 'OVER', state: { winners: [] } });
    expect(afterMs).toBeLessThan(LEASE_TTL_MS + RENEW_EVERY_MS + MARGIN_MS);
    expect(await leaseOwner()).toBe(otherId);
    expect(await publishedStatuses(group, id)).toEqual(['WAITING_TO_START', 'IN_PROGRESS', 'OVER']);
  }, 60_000);

  it('a holder stopped gracefully hands the lease over: the other ends the game sooner than the lease would have lapsed', async () => {
    const { holder, other, otherId } = await holderAndOther();
    const { alice, id } = await gameInProgress(other);
    await moveDeadline(group, id, Date.now() + 1_000);

    const stoppingAt = Date.now();
    await holder.kill('SIGTERM');
    const { game, afterMs } = await overThrough(other, alice, id, stoppingAt);

    expect(game).toMatchObject({ status: 'OVER', state: { winners: [] } });
    // Handed over, the lease is the other's at its next try.
    expect(afterMs).toBeLessThan(HANDED_OVER_WITHIN_MS);
    expect(await leaseOwner()).toBe(otherId);
    expect(await publishedStatuses(group, id)).toEqual(['WAITING_TO_START', 'IN_PROGRESS', 'OVER']);
  }, 60_000);
});
