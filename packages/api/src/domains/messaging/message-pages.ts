import type { MessagePage, MessageView } from './shapes';

/**
 * A page starts below this id when the reader has none yet: above any id a message can have, and
 * within the ids' column type (PostgreSQL's integer refuses a larger bound value).
 */
const NEWEST = 2_147_483_647;

/**
 * Keyset paging by message id, newest first: the cursor is the oldest id the reader holds (the
 * validators check its form), so an old page costs what the first does and new messages arriving
 * meanwhile neither repeat nor skip one.
 */
export function pageBounds(input: { cursor?: string | null; limit: number }) {
  return { before: input.cursor ? Number(input.cursor) : NEWEST, rows: input.limit + 1 };
}

/** Rows read newest first (one more than the page) as the page: oldest first, and where older ones start. */
export function toPage(newestFirst: MessageView[], limit: number): MessagePage {
  const items = newestFirst.slice(0, limit).reverse();
  const oldest = items[0];
  return {
    items,
    nextCursor: newestFirst.length > limit && oldest ? String(oldest.id) : null,
  };
}
