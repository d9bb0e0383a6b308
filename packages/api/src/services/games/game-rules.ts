import { GameRuleError } from '@app/games';
import { gameMessages } from '@app/validators';
import { TRPCError } from '@trpc/server';

// Refusals that are about who asks rather than what they asked.
const FORBIDDEN_SENTENCES = new Set<string>([gameMessages.notAPlayer]);

/** A refused move as the caller's error: its sentence, FORBIDDEN for a non-player, else BAD_REQUEST. */
export function ruleRefusal(error: GameRuleError): TRPCError {
  return new TRPCError({
    code: FORBIDDEN_SENTENCES.has(error.message) ? 'FORBIDDEN' : 'BAD_REQUEST',
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
