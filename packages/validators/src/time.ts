const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

const pad = (n: number) => String(n).padStart(2, '0');

/** '1 minute ago', '3 minutes ago', '0 seconds ago'. */
const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** A time after the viewer's clock (a clock refreshed a moment ago, or a server a little ahead). */
export const JUST_NOW = 'just now';

/**
 * SPEC §9's relative time: 'N seconds ago', 'N minutes ago', 'N hours ago' (singular for 1), then
 * 'Mon DD at HH:MM' within about a year, else 'Mon DD, YYYY at HH:MM' (viewer's local time). Dates
 * leave out the seconds, which nobody reads in a list: formatExactTime, shown on hover, keeps them. A time after `now`
 * reads 'just now'.
 */
export function formatRelativeTime(date: Date | number, now: Date | number = Date.now()): string {
  const when = new Date(date);
  const elapsed = new Date(now).getTime() - when.getTime();
  // Never the absolute difference: a newer item must never read older than the one before it.
  if (elapsed < 0) return JUST_NOW;
  const seconds = Math.floor(elapsed / 1000);
  if (seconds < MINUTE) return ago(seconds, 'second');
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  const day = `${MONTHS[when.getMonth()]} ${pad(when.getDate())}`;
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  if (seconds < YEAR) return `${day} at ${time}`;
  return `${day}, ${when.getFullYear()} at ${time}`;
}

/** The exact moment, for a time's hover text: 'Nov 22, 2026 at 15:30:45' (viewer's local time). */
export function formatExactTime(date: Date | number): string {
  const when = new Date(date);
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`;
  return `${formatDate(when)} at ${time}`;
}

/** 'Mon DD, YYYY' for joined dates and similar. */
export function formatDate(date: Date | number): string {
  const when = new Date(date);
  return `${MONTHS[when.getMonth()]} ${pad(when.getDate())}, ${when.getFullYear()}`;
}
