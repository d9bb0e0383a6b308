import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every intervalMs, so relative times ('3 minutes ago') stay true, and
 * again whenever `arrivals` changes (pass the shown items): an item that just arrived is read against
 * a fresh clock, not one up to intervalMs old.
 */
export function useNow(intervalMs = 30_000, arrivals?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  const [seen, setSeen] = useState(arrivals);
  if (seen !== arrivals) {
    // Adjusted during render (not in an effect), so the new item is never drawn against the old clock.
    setSeen(arrivals);
    setNow(Date.now());
  }
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
