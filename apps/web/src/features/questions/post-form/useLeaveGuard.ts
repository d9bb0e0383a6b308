import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

export interface LeaveGuard {
  /** The router's blocker: 'blocked' while the user is asked whether to leave. */
  blocker: Blocker;
  /** Lets the next navigation through without asking (after a successful post). */
  allowLeaving: () => void;
}

/**
 * Asks before leaving a form with unposted text: in-app navigation waits on the router's blocker (the
 * page shows its question), and a reload or a closed tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  // A layout effect: it runs before any child's <Navigate> (a passive effect) asks to leave.
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  // Stable, reading the latest state: the router keeps the function it was given.
  const shouldBlock = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string; search: string };
      nextLocation: { pathname: string; search: string };
    }) =>
      dirtyRef.current &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);

  return { blocker, allowLeaving };
}
