import { TRPCClientError } from '@trpc/client';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';
export const NETWORK_ERROR =
  'Could not reach the server. Please check your connection and try again.';

const NETWORK_PATTERN =
  /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

/** A clear sentence for any thrown value: the server's message, or a plain fallback — never a raw object. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  const raw = typeof error === 'string' ? error : error instanceof Error ? error.message : null;
  const text = raw?.trim();
  if (!text) return fallback;
  if (NETWORK_PATTERN.test(text)) return NETWORK_ERROR;
  // A serialised object or zod issue list is not a sentence a person should read.
  if (text.startsWith('{') || text.startsWith('[')) return fallback;
  return text;
}

/** 'Error while logging in: {reason}', or just the prefix when there is no reason (SPEC §8). */
export function prefixedError(prefix: string, error: unknown, separator = ': '): string {
  const reason = errorMessage(error, '');
  return reason ? `${prefix}${separator}${reason}` : prefix;
}

/** The tRPC error code ('UNAUTHORIZED', 'NOT_FOUND', …) of a failed call, if any. */
export function errorCode(error: unknown): string | null {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string')
      return data.code;
  }
  return null;
}
