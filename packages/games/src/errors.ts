/**
 * What a refusal is about: who asks (`notAPlayer`: only the game's players may do this) or what
 * they asked (`againstRules`: not now, not that many, not their turn).
 */
export type GameRuleKind = 'notAPlayer' | 'againstRules';

/** A refused game action; `message` is the user-facing sentence (from `gameMessages`). */
export class GameRuleError extends Error {
  override readonly name = 'GameRuleError';
  constructor(
    message: string,
    readonly kind: GameRuleKind = 'againstRules',
  ) {
    super(message);
  }
}

/** Refuse unless `condition` holds. */
export function ensure(
  condition: boolean,
  message: string,
  kind?: GameRuleKind,
): asserts condition {
  if (!condition) throw new GameRuleError(message, kind);
}
