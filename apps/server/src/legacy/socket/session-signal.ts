import type { ApiDeps } from '@app/api';
import { createHash } from 'node:crypto';
import type { Logger } from '../../ops/log';

/** That a browser's session cookie changed: a digest of the new one, or null when it was cleared. */
export interface BrowserSessionChange {
  cookie: string | null;
}

declare module '@app/api' {
  interface BroadcastMap {
    /**
     * Keyed by a browser's key (identity.ts, BROWSER_COOKIE): an HTTP response on any process set
     * or cleared its session cookie, so its socket.io connections on every process look again.
     */
    browserSession: BrowserSessionChange;
  }
}

/**
 * The session cookie travels between processes as a digest: the cookie is a credential, and the
 * connections only need to tell whether they showed that very cookie already.
 */
export const cookieDigest = (cookie: string | undefined): string | null =>
  cookie === undefined || cookie === ''
    ? null
    : createHash('sha256').update(cookie).digest('base64url');

/**
 * "This browser's session cookie changed", across processes: an ephemeral broadcast on the event
 * bus (a login handled by one process, the browser's socket held by another). A process follows
 * the keys of the browsers whose connections it holds (or whose cut sockets wait for recovery).
 */
export function createSessionSignal(
  deps: Pick<ApiDeps, 'events'>,
  log: Pick<Logger, 'error'>,
  onChange: (key: string, change: BrowserSessionChange) => void,
) {
  const followed = new Map<string, Promise<(() => void) | null>>();
  return {
    /** An HTTP response set (or cleared: '') the session cookie of the browser with this key. */
    send(key: string, cookie: string): void {
      deps.events
        .broadcast('browserSession', key, { cookie: cookieDigest(cookie) })
        .catch((error: unknown) => log.error({ err: error }, 'session signal failed to go out'));
    },
    follow(key: string): void {
      if (followed.has(key)) return;
      const subscription = deps.events
        .subscribeBroadcast('browserSession', key, (change) => onChange(key, change))
        .catch((error: unknown) => {
          log.error({ err: error }, 'session signal could not be followed');
          // The next connection of that browser tries again.
          if (followed.get(key) === subscription) followed.delete(key);
          return null;
        });
      followed.set(key, subscription);
    },
    unfollow(key: string): void {
      const subscription = followed.get(key);
      if (!subscription) return;
      followed.delete(key);
      void subscription.then((unsubscribe) => unsubscribe?.());
    },
    close(): void {
      for (const key of [...followed.keys()]) this.unfollow(key);
    },
  };
}
