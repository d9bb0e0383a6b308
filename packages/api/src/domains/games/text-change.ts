/** One replacement in a text: `remove` UTF-16 units at `start` give way to `insert`. */
export interface TextChange {
  start: number;
  remove: number;
  insert: string;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The smallest single replacement turning `current` into `next` (null when they are equal): the
 * common start and end stay, the middle is replaced. Its edges sit between whole code points: two
 * emoji may share their high surrogate ('😀' → '😃'), and an edge between the halves would make the
 * shared document split a character (Yjs then stores U+FFFD for each half).
 */
export function textChange(current: string, next: string): TextChange | null {
  if (current === next) return null;
  const max = Math.min(current.length, next.length);
  let start = 0;
  while (start < max && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  // The common start ends on a high surrogate: its low half differs, so the pair is replaced whole.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (
    end < max - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end += 1;
  }
  // The common end starts on a low surrogate: its high half differs, so the pair is replaced whole.
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end -= 1;
  return {
    start,
    remove: current.length - end - start,
    insert: next.slice(start, next.length - end),
  };
}
