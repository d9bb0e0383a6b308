import { useEffect, useState } from 'react';
import { useLiveConnection } from '../hooks/useLiveConnection';

// Brief drops (e.g. the planned reconnect after login) should not flash a warning.
const SHOW_AFTER_MS = 1500;

/** A small pill in the header while the live connection is down: 'Connecting…' or 'Reconnecting…'. */
export function ConnectionIndicator() {
  const { status, reconnecting, generation } = useLiveConnection();
  const down = status !== 'open';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!down) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [down, generation]);

  return (
    <div className="connection" role="status">
      {down && visible && (
        <span className="connection__pill">
          <span className="connection__dot" aria-hidden="true" />
          {reconnecting ? 'Reconnecting…' : 'Connecting…'}
        </span>
      )}
    </div>
  );
}
