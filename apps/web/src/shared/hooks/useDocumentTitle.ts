import { useEffect } from 'react';

export const PRODUCT_NAME = 'Fake Stack Overflow';

/**
 * The tab title: '{title} - Fake Stack Overflow', led by '(n) ' while n things wait for the viewer
 * (unread direct messages, unread notifications, games where it is their turn), so a background tab
 * says there is something to see. '99+' past 99, as the badges do.
 */
export function formatDocumentTitle(title: string | null | undefined, waiting: number): string {
  const base = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  return waiting > 0 ? `(${waiting > 99 ? '99+' : waiting}) ${base}` : base;
}

// The page names the title, the frame counts what is waiting: either may change alone.
const shown = { title: null as string | null, waiting: 0 };

/** The page's part of the tab title (useDocumentTitle's effect). */
export function showPageTitle(title: string | null | undefined): void {
  shown.title = title ?? null;
  document.title = formatDocumentTitle(shown.title, shown.waiting);
}

/** The frame's part: how many things wait (useAttentionTitle's effect). */
export function showWaiting(waiting: number): void {
  shown.waiting = waiting;
  document.title = formatDocumentTitle(shown.title, shown.waiting);
}

/** Sets the browser tab title to '{title} - Fake Stack Overflow' while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => showPageTitle(title), [title]);
}

/** The sum of the things waiting for the viewer; a source not known yet (or nonsense) counts 0. */
export function sumWaiting(counts: readonly (number | null | undefined)[]): number {
  return counts.reduce<number>(
    (sum, n) => sum + (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0),
    0,
  );
}

/**
 * Leads the tab title with '(n) ', n the sum of the sources' counts, while mounted (the signed-in
 * frame mounts it once; signing out takes the count away).
 */
export function useAttentionTitle(counts: readonly (number | null | undefined)[]): void {
  const waiting = sumWaiting(counts);
  useEffect(() => showWaiting(waiting), [waiting]);
  useEffect(() => () => showWaiting(0), []);
}
