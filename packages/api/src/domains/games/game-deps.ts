import type { CounterStore } from '../../core/shared-counters';
import { createGameDocCache, type GameDocCache } from './game-docs';
import { createGamePasswordPasses, type GamePasswordPasses } from './game-membership';

/**
 * What the games keep: CollabCode documents (Yjs), a per-process cache rebuilt from the database's
 * update log; right room passwords remembered for a few minutes in the store every process shares
 * (the original client joins after /games/verify, perhaps through another process).
 */
export interface GameDeps {
  docs: GameDocCache;
  passwordPasses: GamePasswordPasses;
}

export function createGameDeps(store: CounterStore): GameDeps {
  return { docs: createGameDocCache(), passwordPasses: createGamePasswordPasses(store) };
}

declare module '../../core/deps' {
  interface ApiDeps {
    games: GameDeps;
  }
}
