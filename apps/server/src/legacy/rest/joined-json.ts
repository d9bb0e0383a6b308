/** How many lists (chats) keep their joined JSON: the lists answered most recently. */
export const JOINED_LISTS_KEPT = 256;
/**
 * How many bytes the kept lists may take together (each list's room to grow counted): past it the
 * lists answered longest ago are let go, and a list larger than this alone is never kept.
 */
export const JOINED_BYTES_KEPT = 64 * 1024 * 1024;

interface Kept<Item> {
  /** The items the last answer was made of, and how many (the array may be the caller's). */
  items: readonly Item[];
  count: number;
  /** Their JSON joined in `room[0, length)`; the rest of `room` is where new items are written. */
  room: Buffer;
  length: number;
}

/**
 * The JSON of a list's items joined with commas, as UTF-8 bytes, for a door that answers a growing
 * list whole after every item added to it (the original client's chat, after each message sent):
 * the items the last answer of the same list ended with are not written, joined, encoded or copied
 * again; only the new ones are written, after them, in room kept for them (doubled when full, so a
 * long chat is copied a few times in its life, not once per message).
 *
 * Every answer is a view of the bytes `[0, length)` of its list's room, and those bytes are never
 * written again: a list only grows past its last answer, and anything else (an item removed, hidden
 * or shown in its place: another object than the one kept) is joined anew in a room of its own. So
 * an answer handed out stays what it was while the socket still sends it. The last answer is
 * reused only when its items are the very same objects, in the same order, at the start of this
 * one (the read cache hands out the same frozen item for as long as it keeps the list).
 */
export function createJoinedJson<Item extends object>(itemJson: (item: Item) => string) {
  const kept = new Map<number, Kept<Item>>();
  let bytesKept = 0;

  const startsWith = (items: readonly Item[], last: Kept<Item>) => {
    if (last.count > items.length) return false;
    for (let i = 0; i < last.count; i++) if (items[i] !== last.items[i]) return false;
    return true;
  };

  /** `from`'s items' JSON after `[0, length)` of `room` (a larger room if they do not fit). */
  const write = (room: Buffer, length: number, items: readonly Item[], from: number) => {
    if (from >= items.length) return { room, length };
    let text = items.slice(from).map(itemJson).join(',');
    if (length > 0) text = ',' + text;
    const needed = length + Buffer.byteLength(text);
    if (needed > room.length) {
      const larger = Buffer.allocUnsafe(Math.max(needed, 2 * room.length, 1024));
      room.copy(larger, 0, 0, length);
      room = larger;
    }
    return { room, length: length + room.write(text, length) };
  };

  const forget = (list: number) => {
    const last = kept.get(list);
    if (!last) return;
    kept.delete(list);
    bytesKept -= last.room.length;
  };

  return (list: number, items: readonly Item[]): Buffer => {
    const last = kept.get(list);
    const grown =
      last && startsWith(items, last)
        ? write(last.room, last.length, items, last.count)
        : write(Buffer.alloc(0), 0, items, 0);
    forget(list);
    // Kept as the most recent: the list answered longest ago goes first when there are too many.
    if (grown.room.length <= JOINED_BYTES_KEPT) {
      kept.set(list, { items, count: items.length, ...grown });
      bytesKept += grown.room.length;
    }
    for (const oldest of kept.keys()) {
      if (kept.size <= JOINED_LISTS_KEPT && bytesKept <= JOINED_BYTES_KEPT) break;
      forget(oldest);
    }
    return grown.room.subarray(0, grown.length);
  };
}
