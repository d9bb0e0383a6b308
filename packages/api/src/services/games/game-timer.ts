import { games } from '@app/db';
import {
  collabCodeDeadline,
  endCollabCode,
  GAME_STATUS,
  isTimeUp,
  type CollabCodeState,
} from '@app/games';
import { and, eq } from 'drizzle-orm';
import type { ApiDeps } from '../../deps';
import { writeTransaction } from '../shared/write';
import { collabCodeGame } from './collab-code-game';
import { saveAndPublish } from './game-changes';
import type { GameView } from './game-shapes';
import { readGame } from './game-store';

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
  /** Loads every CollabCode game in progress and schedules its end; then follows the 'game' topic. */
  start(): Promise<void>;
  stop(): void;
  /** The games waiting for their deadline (ms), for tests and diagnostics. */
  scheduled(): Map<string, number>;
  /** Settles once every end the timer has started is written (tests). */
  idle(): Promise<void>;
}

/**
 * Ends a CollabCode game at its deadline (OVER, no winners), in a write that checks again that it is
 * in progress and its time is up: a second process's timer, or a late alarm, ends it at most once.
 */
export function endTimedOutGame(deps: ApiDeps, id: string, now: number) {
  return writeTransaction(deps, (scope) => {
    const game = collabCodeGame(readGame(scope.tx, id));
    if (game.state.status !== GAME_STATUS.inProgress || !isTimeUp(game.state, now)) return null;
    return saveAndPublish(scope, game, endCollabCode(game.state, { winners: [] }));
  });
}

/**
 * The server-side deadline of CollabCode games: ends each at its time with nobody connected. It
 * learns deadlines from the database at start and then from the 'game' topic's state events (a
 * game's first join sets its start time and publishes its state), so services need not know it.
 */
export function createGameTimer(deps: ApiDeps, clock: GameTimerClock = systemClock): GameTimer {
  const alarms = new Map<string, { deadline: number; handle: unknown }>();
  const running = new Set<Promise<unknown>>();
  let unsubscribe: (() => void) | null = null;
  let stopped = false;

  const unschedule = (id: string) => {
    const alarm = alarms.get(id);
    if (alarm) clock.clearTimer(alarm.handle);
    alarms.delete(id);
  };

  const schedule = (id: string, deadline: number) => {
    if (stopped || alarms.get(id)?.deadline === deadline) return;
    unschedule(id);
    const handle = clock.setTimer(() => fire(id, deadline), Math.max(0, deadline - clock.now()));
    alarms.set(id, { deadline, handle });
  };

  const fire = (id: string, deadline: number) => {
    alarms.delete(id);
    if (stopped) return;
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

  return {
    async start() {
      stopped = false;
      // Listen first, then load: a game started in between is heard either way.
      unsubscribe = await deps.events.subscribe('game', null, (event) => {
        if (event.payload.type === 'state') follow(event.payload.game);
      });
      const rows = deps.db
        .select({ id: games.id, state: games.state })
        .from(games)
        .where(and(eq(games.gameType, 'CollabCode'), eq(games.status, GAME_STATUS.inProgress)))
        .all();
      for (const row of rows) {
        const deadline = collabCodeDeadline(row.state as CollabCodeState);
        if (deadline !== null) schedule(row.id, deadline);
      }
    },
    stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      for (const id of [...alarms.keys()]) unschedule(id);
    },
    scheduled: () => new Map([...alarms].map(([id, alarm]) => [id, alarm.deadline])),
    async idle() {
      await Promise.all([...running]);
    },
  };
}
