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
export function toPage<M extends MessageView>(
  newestFirst: M[],
  limit: number,
): { items: M[]; nextCursor: string | null } {
  const items = newestFirst.slice(0, limit).reverse();
  const oldest = items[0];
  return {
    items,
    nextCursor: newestFirst.length > limit && oldest ? String(oldest.id) : null,
  };
}

/**
 * A page as one reader sees it: a message flags hid is left out, but for its sender, who sees it
 * marked (moderators review it in their queue). The cursor stays where the rows read ended.
 */
export function visiblePage(
  page: { items: (MessageView & { hiddenAt: Date | null })[]; nextCursor: string | null },
  reader: string,
): MessagePage {
  const items: MessageView[] = [];
  for (const { hiddenAt, ...message } of page.items) {
    const shown = shownTo(reader, message, hiddenAt !== null);
    if (shown) items.push(shown);
  }
  return { nextCursor: page.nextCursor, items };
}

/**
 * A message as one reader sees it: as it is; or, hidden by flags, marked for its sender and not
 * shown (null) to anyone else. The message itself is handed back when shown as it is.
 */
export function shownTo(reader: string, message: MessageView, hidden: boolean): MessageView | null {
  if (!hidden) return message;
  return message.msgFrom === reader ? { ...message, hidden: true } : null;
}
