import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const handedOver = (state: unknown, key: string): unknown =>
  (state as Record<string, unknown> | null)?.[key];

/**
 * A message another screen handed over in the history state under `key` (e.g. 'Problem added!'):
 * read once, then removed from the entry so a reload or Back does not show it again.
 */
export function useHandedOverMessage(key: string): string | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [message] = useState(() => handedOver(location.state, key));
  useEffect(() => {
    if (handedOver(location.state, key))
      void navigate({ search: location.search }, { replace: true, state: null });
  }, [location.state, location.search, navigate, key]);
  return typeof message === 'string' ? message : undefined;
}
