import { z } from 'zod';

/**
 * A send key: the sender's device names each message or post it sends with a random key, and sends it
 * again with the same key when a send failed (a timeout after the server got it): the server posts a
 * key once. 16–64 letters, digits, - or _ (the web's keys are 22: 128 random bits, base64url).
 */
export const SEND_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The schema of a send key, refused with `invalid` (the sentence of the kind of thing sent). */
export function sendKeyOf(invalid: string) {
  return z.string({ error: invalid }).regex(SEND_KEY_PATTERN, invalid);
}
