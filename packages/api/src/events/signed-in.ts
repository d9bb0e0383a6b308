import type { Db } from '@app/db';
import { findSessionUser, type Viewer } from '../core/viewer';

export const SESSION_RECHECK_MS = 15_000;

/**
 * The signal a signed-in live stream runs under: it fires when the client goes away, and also once
 * the viewer's session has ended (logout, password reset or deletion elsewhere), checked every
 * `recheckMs`: a copied cookie's open stream stops too, not just its next request.
 */
export function whileSignedIn(
  db: Db,
  viewer: Viewer,
  signal: AbortSignal | undefined,
  recheckMs = SESSION_RECHECK_MS,
): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    clearInterval(timer);
    controller.abort();
  };
  const timer = setInterval(() => {
    void findSessionUser(db, viewer.sessionId).then(
      (user) => {
        if (!user) stop();
      },
      // A check that could not be made (the database away for a moment, or closed as the process
      // stops) ends nothing: the next one decides.
      () => undefined,
    );
  }, recheckMs);
  timer.unref();
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  return controller.signal;
}
