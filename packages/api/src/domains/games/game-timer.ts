import { dialect, games } from '@app/db';
import {
  collabCodeDeadline,
  endCollabCode,
  GAME_STATUS,
  isTimeUp,
  type CollabCodeState,
} from '@app/games';
import { and, eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { createLeases } from '../../core/lease';
import { writeTransaction } from '../../core/write';
import { collabCodeGame } from './collab-code-game';
import { saveAndPublish } from './game-changes';
import { readGame, saveTestResults } from './game-store';
import { runFinalTests } from './final-run';
import type { GameView } from './shapes';

/** The timer's clock and alarms: the real ones in the server, fakes in tests. */
export interface GameTimerClock {
  now(): number;
  setTimer(callback: () => void, delayMs: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: GameTimerClock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface GameTimer {
  /**
   * Follows the 'game' topic and takes the lease if it can (then loads every CollabCode game in
   * progress and schedules its end); renews it, or keeps trying to take it, until stopped.
   */
  start(): Promise<void>;
  /**
   * Drops every alarm and stops renewing; releases the lease unless told not to (a test's stand-in
   * for a process killed outright, whose lease must expire before another takes it).
   */
  stop(options?: { release?: boolean }): Promise<void>;
  /** Whether this process holds the lease, so its alarms are the ones that end games. */
  holdsLease(): boolean;
  /** The games waiting for their deadline (ms), for tests and diagnostics. */
  scheduled(): Map<string, number>;
  /** Settles once every end the timer has started is written (tests). */
  idle(): Promise<void>;
}

/**
 * Ends a CollabCode game at its deadline (OVER, no winners, the clock stopped at the deadline): its
 * final code is tested first (outside the write) and the results go to the room like a Run Tests,
 * the score kept in the end reason ('Time is up — 3 of 5 tests passed'). The write checks again
 * that the game is in progress and its time is up: a second process's timer, or a late alarm, ends
 * it at most once.
 */
export async function endTimedOutGame(deps: ApiDeps, id: string, now: number) {
  const before = collabCodeGame(await readGame(deps.db, id));
  if (before.state.status !== GAME_STATUS.inProgress || !isTimeUp(before.state, now)) return null;
  const final = await runFinalTests(deps, before);
  return writeTransaction(deps, async (scope) => {
    await dialect.lockRows(scope.tx, games, eq(games.id, id));
    const game = collabCodeGame(await readGame(scope.tx, id));
    if (game.state.status !== GAME_STATUS.inProgress || !isTimeUp(game.state, now)) return null;
    if (final && final.results.length > 0) {
      const latest = { results: final.results, by: '', runAt: scope.now.getTime(), final: true };
      await saveTestResults(scope.tx, id, latest);
      scope.publish('game', id, { type: 'testResults', gameId: id, ...latest });
    }
    const score = final ? { passed: final.passed, total: final.total } : {};
    return saveAndPublish(
      scope,
      game,
      endCollabCode(game.state, {
        winners: [],
        reason: { kind: 'timeUp', ...score },
        now: collabCodeDeadline(game.state) ?? now,
      }),
    );
  });
}

/** The lease that makes one process, of all those on the database, the one that ends games on time. */
export const GAME_TIMER_LEASE = 'game-timer';

export interface GameTimerOptions {
  /** How long the lease lasts unrenewed: how soon another process takes over from a dead one. */
  leaseTtlMs?: number;
  /** How often the holder renews the lease, and the others try to take it. */
  renewEveryMs?: number;
}

/**
 * The server-side deadline of CollabCode games: ends each at its time with nobody connected. Of
 * the processes on one database only the holder of the 'game-timer' lease keeps alarms; the others
 * keep trying to take the lease, and the one that does (its holder died or stopped) loads every
 * deadline from the database. The holder learns new deadlines from the 'game' topic's state events,
 * whichever process wrote them (the second player's join, or Start, sets the start time and publishes the state), so
 * services need not know it. A game ends in a write that checks it again, so an alarm that rings
 * twice (a lease changing hands, a late alarm) ends it once.
 */
export function createGameTimer(
  deps: ApiDeps,
  clock: GameTimerClock = systemClock,
  { leaseTtlMs = 10_000, renewEveryMs = 3_000 }: GameTimerOptions = {},
): GameTimer {
  const leases = createLeases(deps);
  const alarms = new Map<string, { deadline: number; handle: unknown }>();
  const running = new Set<Promise<unknown>>();
  let unsubscribe: (() => void) | null = null;
  let renewer: ReturnType<typeof setInterval> | null = null;
  let renewing: Promise<void> | null = null;
  let holding = false;
  let stopped = false;

  const unschedule = (id: string) => {
    const alarm = alarms.get(id);
    if (alarm) clock.clearTimer(alarm.handle);
    alarms.delete(id);
  };

  const unscheduleAll = () => {
    for (const id of [...alarms.keys()]) unschedule(id);
  };

  const schedule = (id: string, deadline: number) => {
    if (stopped || !holding || alarms.get(id)?.deadline === deadline) return;
    unschedule(id);
    const handle = clock.setTimer(() => fire(id, deadline), Math.max(0, deadline - clock.now()));
    alarms.set(id, { deadline, handle });
  };

  const fire = (id: string, deadline: number) => {
    alarms.delete(id);
    if (stopped || !holding) return;
    // An alarm that rang early (timers may drift) is set again for what is left.
    if (clock.now() < deadline) return schedule(id, deadline);
    const ending = endTimedOutGame(deps, id, clock.now())
      .catch((error: unknown) => console.error(`ending game ${id} at its deadline failed:`, error))
      .finally(() => running.delete(ending));
    running.add(ending);
  };

  const follow = (game: GameView) => {
    if (
      game.gameType === 'CollabCode' &&
      game.state.status === GAME_STATUS.inProgress &&
      game.deadline !== null
    ) {
      schedule(game.id, game.deadline);
    } else {
      unschedule(game.id);
    }
  };

  const scheduleGamesInProgress = async () => {
    const rows = await deps.db
      .select({ id: games.id, state: games.state })
      .from(games)
      .where(and(eq(games.gameType, 'CollabCode'), eq(games.status, GAME_STATUS.inProgress)));
    for (const row of rows) {
      const deadline = collabCodeDeadline(row.state as CollabCodeState);
      if (deadline !== null) schedule(row.id, deadline);
    }
  };

  // Holds the lease or tries to take it. Taking it loads the deadlines (the events heard before are
  // in the database); losing it (this process was paused past the lease, or the database failed)
  // drops every alarm, since another process may hold them now.
  const keepLease = async () => {
    const held = await (
      holding
        ? leases.renew(GAME_TIMER_LEASE, leaseTtlMs)
        : leases.acquire(GAME_TIMER_LEASE, leaseTtlMs)
    ).catch((error: unknown) => {
      console.error('the game timer could not hold its lease:', error);
      return false;
    });
    if (stopped) return;
    if (held && !holding) {
      holding = true;
      await scheduleGamesInProgress();
    } else if (!held && holding) {
      holding = false;
      unscheduleAll();
    }
  };

  return {
    async start() {
      stopped = false;
      // Listen first, then load: a game started in between is heard either way.
      unsubscribe = await deps.events.subscribe('game', null, (event) => {
        if (event.payload.type === 'state') follow(event.payload.game);
      });
      await keepLease();
      renewer = setInterval(() => {
        // One renewal at a time: a slow one (Redis going away) is not stacked upon.
        renewing ??= keepLease().finally(() => (renewing = null));
      }, renewEveryMs);
      renewer.unref();
    },
    async stop({ release = true } = {}) {
      stopped = true;
      if (renewer) clearInterval(renewer);
      renewer = null;
      unsubscribe?.();
      unsubscribe = null;
      unscheduleAll();
      // Handing the lease over lets another process take the games at once rather than after it
      // expires; a failure to hand over only delays that.
      const handOver = holding && release;
      holding = false;
      if (handOver) {
        await leases.release(GAME_TIMER_LEASE).catch((error: unknown) => {
          console.error('the game timer could not release its lease:', error);
        });
      }
    },
    scheduled: () => new Map([...alarms].map(([id, alarm]) => [id, alarm.deadline])),
    holdsLease: () => holding,
    async idle() {
      await Promise.all([...running]);
    },
  };
}
