const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * SPEC §9's relative time: 'N seconds ago', 'N minutes ago', 'N hours ago',
 * then 'Mon DD at HH:MM:SS' within about a year, else 'Mon DD, YYYY at HH:MM:SS' (viewer's local time).
 */
export function formatRelativeTime(date: Date | number, now: Date | number = Date.now()): string {
  const when = new Date(date);
  const seconds = Math.floor(Math.abs(new Date(now).getTime() - when.getTime()) / 1000);
  if (seconds < MINUTE) return `${seconds} seconds ago`;
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} minutes ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} hours ago`;
  const day = `${MONTHS[when.getMonth()]} ${pad(when.getDate())}`;
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`;
  if (seconds < YEAR) return `${day} at ${time}`;
  return `${day}, ${when.getFullYear()} at ${time}`;
}

/** 'Mon DD, YYYY' for joined dates and similar. */
export function formatDate(date: Date | number): string {
  const when = new Date(date);
  return `${MONTHS[when.getMonth()]} ${pad(when.getDate())}, ${when.getFullYear()}`;
}
