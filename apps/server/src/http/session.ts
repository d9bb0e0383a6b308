import { createReadOnlySessionStore, SESSION_LIFETIME_MS, type SessionStore } from '@app/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sealData, unsealData } from 'iron-session';

export const SESSION_COOKIE = 'qa_session';
export const SESSION_MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;
const UNSEALED_ENTRIES = 10_000;
/**
 * Exactly what sealData writes (iron-webcrypto's seal plus iron-session's `~2`): `Fe26.2`, the numeric
 * password id, hex key salt, base64url IV (16 bytes) and ciphertext, a millisecond expiry, hex HMAC
 * salt, base64url SHA-256 HMAC. The unsealer is lenient (trailing junk reads as the same session).
 */
const SEAL =
  /^Fe26\.2\*\d{1,10}\*[0-9a-f]{64}\*[\w-]{22}\*[\w-]{22,3000}\*\d{13}\*[0-9a-f]{64}\*[\w-]{43}~2$/;

interface CookieData {
  sid?: string;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return safeDecode(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** A cookie that is not valid percent-encoding reads as no cookie (signed out), never as an error. */
function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function cookieHeader(value: string, maxAge: number, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (maxAge > 0) parts.push(`Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The session cookie: an iron-session seal holding only the session id (validity lives in the sessions
 * table). Unsealing is a key derivation plus a decryption, so each seal seen is remembered: the browser
 * sends the same one on every request.
 */
export function createSessionCookies(secret: string) {
  const unsealed = new Map<string, string | null>();

  async function sessionIdOf(req: IncomingMessage): Promise<string | null> {
    const sealed = readCookie(req.headers.cookie, SESSION_COOKIE);
    // Anything that is not one of our seals reads as signed out, before any unsealing or caching.
    if (!sealed || !SEAL.test(sealed)) return null;
    const known = unsealed.get(sealed);
    if (known !== undefined) return known;
    const data = await unsealData<CookieData>(sealed, {
      password: secret,
      ttl: SESSION_MAX_AGE_SECONDS,
    }).catch(() => ({}) as CookieData);
    const sid = typeof data.sid === 'string' ? data.sid : null;
    if (unsealed.size >= UNSEALED_ENTRIES) unsealed.clear();
    unsealed.set(sealed, sid);
    return sid;
  }

  return {
    /** For HTTP requests: reads the cookie, and sets or clears it on the response. */
    async httpStore(
      req: IncomingMessage,
      res: ServerResponse,
      secure: boolean,
    ): Promise<SessionStore> {
      let sessionId = await sessionIdOf(req);
      return {
        get sessionId() {
          return sessionId;
        },
        async save(id) {
          const sealed = await sealData({ sid: id } satisfies CookieData, {
            password: secret,
            ttl: SESSION_MAX_AGE_SECONDS,
          });
          res.appendHeader('Set-Cookie', cookieHeader(sealed, SESSION_MAX_AGE_SECONDS, secure));
          sessionId = id;
        },
        async clear() {
          res.appendHeader('Set-Cookie', cookieHeader('', 0, secure));
          sessionId = null;
        },
      };
    },
    /** For WebSocket upgrades: the cookie can be read but not set. */
    async upgradeStore(req: IncomingMessage): Promise<SessionStore> {
      return createReadOnlySessionStore(await sessionIdOf(req));
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
