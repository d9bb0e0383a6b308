import type { SessionStore } from '@app/api';
import { createReadOnlySessionStore } from '@app/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getIronSession, unsealData, type SessionOptions } from 'iron-session';

export const SESSION_COOKIE = 'qa_session';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

interface CookieData {
  sid?: string;
}

function options(secret: string, secure: boolean): SessionOptions {
  return {
    password: secret,
    cookieName: SESSION_COOKIE,
    ttl: MAX_AGE_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
  };
}

/** The iron-session cookie behind the API's SessionStore, for HTTP requests (read and write). */
export async function httpSessionStore(
  req: IncomingMessage,
  res: ServerResponse,
  secret: string,
  secure: boolean,
): Promise<SessionStore> {
  const cookie = await getIronSession<CookieData>(req, res, options(secret, secure));
  return {
    get sessionId() {
      return cookie.sid ?? null;
    },
    async save(sessionId) {
      cookie.sid = sessionId;
      await cookie.save();
    },
    async clear() {
      cookie.destroy();
    },
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The session on a WebSocket upgrade request: read-only, unsealed from the cookie header. */
export async function upgradeSessionStore(req: IncomingMessage, secret: string): Promise<SessionStore> {
  const sealed = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!sealed) return createReadOnlySessionStore(null);
  const data = await unsealData<CookieData>(sealed, { password: secret, ttl: MAX_AGE_SECONDS }).catch(
    () => ({}) as CookieData,
  );
  return createReadOnlySessionStore(data.sid ?? null);
}
