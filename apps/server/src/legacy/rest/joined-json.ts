/** How many lists (chats) keep their joined JSON: the lists answered most recently. */
export const JOINED_LISTS_KEPT = 256;

const COMMA = Buffer.from(',');

/**
 * The JSON of a list's items joined with commas, as UTF-8 bytes, for a door that answers a growing
 * list whole after every item added to it (the original client's chat, after each message sent):
 * the items the last answer of the same list ended with are not written, joined and encoded again,
 * only the new ones. The last answer is reused only when its items are the very same objects, in
 * the same order, at the start of this one (the read cache hands out the same frozen item for as
 * long as it keeps the list); anything else (an item removed, hidden or shown in its place) is
 * joined anew.
 */
export function createJoinedJson<Item extends object>(itemJson: (item: Item) => string) {
  const kept = new Map<number, { items: readonly Item[]; bytes: Buffer }>();
  const joined = (items: readonly Item[]) => Buffer.from(items.map(itemJson).join(','));
  return (list: number, items: readonly Item[]): Buffer => {
    const last = kept.get(list);
    let bytes: Buffer;
    if (
      last &&
      last.items.length <= items.length &&
      last.items.every((item, i) => item === items[i])
    ) {
      const added = joined(items.slice(last.items.length));
      if (added.length === 0) bytes = last.bytes;
      else if (last.bytes.length === 0) bytes = added;
      else bytes = Buffer.concat([last.bytes, COMMA, added]);
    } else {
      bytes = joined(items);
    }
    // Kept as the most recent: the list answered longest ago goes first when there are too many.
    kept.delete(list);
    kept.set(list, { items, bytes });
    if (kept.size > JOINED_LISTS_KEPT) kept.delete(kept.keys().next().value as number);
    return bytes;
  };
}
