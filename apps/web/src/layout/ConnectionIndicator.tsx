import { useEffect, useState } from 'react';
import { useLiveConnection } from './useLiveConnection';

// Brief drops (e.g. the planned reconnect after login) should not flash a warning.
const SHOW_AFTER_MS = 1500;

/**
 * The live connection's state in the header, unobtrusive: a small green dot and 'Live' while
 * updates arrive, an amber pill 'Connecting…' or 'Reconnecting…' once the socket has been down for
 * a moment, nothing while no screen needs live updates. A polite status, so screen readers hear
 * the changes without being interrupted.
 */
export function ConnectionIndicator() {
  const { status, reconnecting, generation } = useLiveConnection();
  const connecting = status === 'connecting';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!connecting) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [connecting, generation]);

  return (
    <div className="connection" role="status">
      {status === 'open' && (
        <span className="connection__live" title="Live: changes appear as they happen">
          <span className="connection__dot connection__dot--live" aria-hidden="true" />
          <span className="connection__label">Live</span>
        </span>
      )}
      {connecting && visible && (
        <span className="connection__pill">
          <span className="connection__dot" aria-hidden="true" />
          {reconnecting ? 'Reconnecting…' : 'Connecting…'}
        </span>
      )}
    </div>
  );
}
