/** A refused game action; `message` is the user-facing sentence (from `gameMessages`). */
export class GameRuleError extends Error {
  override readonly name = 'GameRuleError';
}

/** Refuse unless `condition` holds. */
export function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) throw new GameRuleError(message);
}
