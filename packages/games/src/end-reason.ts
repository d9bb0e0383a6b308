/**
 * Why a game ended, recorded by the rules when it ends (kept in the state JSON), so every screen
 * can say it in plain words: a Nim player resigned (left while it was in progress) or took the last
 * object; a CollabCode game's tests all passed, or its time ran out (with the final code's score).
 */
export type GameEndReason =
  | { kind: 'resigned'; player: string }
  | { kind: 'lastObject'; player: string }
  | { kind: 'solved' }
  /** The final code's score at time-up; absent when it could not be tested. */
  | { kind: 'timeUp'; passed?: number; total?: number };
