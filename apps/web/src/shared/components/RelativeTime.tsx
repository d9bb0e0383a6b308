import { formatDate, formatExactTime, formatRelativeTime } from '@app/validators';

export interface RelativeTimeProps {
  date: Date | number;
  /** The current time (useNow), so the text stays true while the page is open. */
  now: number;
  className?: string;
}

/**
 * Every time the app shows: SPEC §9's relative text ('3 minutes ago', 'Nov 21 at 15:30') in a <time>
 * whose dateTime is machine-readable and whose hover text is the exact date and time, seconds included.
 */
export function RelativeTime({ date, now, className }: RelativeTimeProps) {
  const when = new Date(date);
  return (
    <time dateTime={when.toISOString()} title={formatExactTime(when)} className={className}>
      {formatRelativeTime(when, now)}
    </time>
  );
}

/** A user's join date, the same on every screen (users list, profile): 'Oct 26, 2026', or 'N/A'. */
export function JoinedDate({ date }: { date: Date | number | string | null | undefined }) {
  return date == null || date === '' ? <>N/A</> : <CalendarDate date={new Date(date)} />;
}

/** A day ('Nov 21, 2026', e.g. a join date) in a <time>, with the exact date and time on hover. */
export function CalendarDate({ date, className }: Omit<RelativeTimeProps, 'now'>) {
  const when = new Date(date);
  return (
    <time dateTime={when.toISOString()} title={formatExactTime(when)} className={className}>
      {formatDate(when)}
    </time>
  );
}
