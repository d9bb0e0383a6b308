import type { InfiniteData } from '@tanstack/react-query';

/** Every item of the cached pages, in order, without repeats (a live insert may meet a later page). */
export function listItems<Item extends { id: number }>(
  data: InfiniteData<{ items: Item[] }, unknown> | undefined,
): Item[] {
  if (!data) return [];
  const seen = new Set<number>();
  const items: Item[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Whether a cached page holds the item. */
export function pagesHold(
  data: InfiniteData<{ items: { id: number }[] }, unknown>,
  id: number,
): boolean {
  return data.pages.some((page) => page.items.some((item) => item.id === id));
}

/** More pages exist than are cached. */
export function hasMorePages(data: InfiniteData<{ nextCursor?: unknown }, unknown>): boolean {
  return data.pages.length === 0 || data.pages[data.pages.length - 1]?.nextCursor != null;
}
