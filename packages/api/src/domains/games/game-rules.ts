import { GameRuleError, type GameRuleKind } from '@app/games';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { Refusal } from '../../core/errors';

// A refusal about who asks is FORBIDDEN; one about what they asked, BAD_REQUEST.
const CODE_OF_KIND = {
  notAPlayer: 'FORBIDDEN',
  againstRules: 'BAD_REQUEST',
} as const satisfies Record<GameRuleKind, TRPC_ERROR_CODE_KEY>;

/** A refused move as the caller's error: its sentence, with the code of its kind. */
export function ruleRefusal(error: GameRuleError): Refusal {
  return new Refusal({
    code: CODE_OF_KIND[error.kind],
    message: error.message,
    cause: error,
  });
}

/** Runs a rule of @app/games; its refusal becomes the caller's error (nothing changed, no event). */
export function applyRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof GameRuleError) throw ruleRefusal(error);
    throw error;
  }
}
