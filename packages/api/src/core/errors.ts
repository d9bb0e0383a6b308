import { transportMessages } from '@app/validators';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import { UnreadableInputError } from './transformer';

/**
 * A refusal in the user's words (a sentence of @app/validators): the one kind of error whose message
 * is shown as it is. Every refusal of a procedure or service is one, so the error formatter can tell
 * ours from tRPC's own refusals of a request it cannot route or read, whatever tRPC's wording.
 */
export class Refusal extends TRPCError {
  constructor(opts: { code: TRPC_ERROR_CODE_KEY; message: string; cause?: unknown }) {
    super(opts);
  }
}

/**
 * tRPC's own refusals (an unknown path, the wrong method, a bad batch) are in words meant for
 * developers: users get ours, chosen by the error's code.
 */
const REQUEST_REFUSALS: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  NOT_FOUND: transportMessages.unknownRequest,
  METHOD_NOT_SUPPORTED: transportMessages.wrongMethod,
  UNSUPPORTED_MEDIA_TYPE: transportMessages.jsonOnly,
};

/**
 * The sentence a user sees for an error: the first validation failure, ours for a refusal, and for
 * anything else (a failure on our side, a request that could not be read) a sentence that says so.
 */
export function userMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input';
  if (error.cause instanceof SyntaxError || error.cause instanceof UnreadableInputError)
    return transportMessages.malformed;
  switch (error.code) {
    case 'INTERNAL_SERVER_ERROR':
      return transportMessages.unexpected;
    case 'PARSE_ERROR':
      return transportMessages.malformed;
    case 'PAYLOAD_TOO_LARGE':
      return transportMessages.tooLarge;
  }
  if (error instanceof Refusal) return error.message;
  return REQUEST_REFUSALS[error.code] ?? transportMessages.malformed;
}
