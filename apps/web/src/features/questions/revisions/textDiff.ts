import { tagKey } from '@app/validators';
import { diffLines, diffWords, type Change } from 'diff';

/** A run of text an edit kept, added or removed. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  value: string;
}

const kindOf = (change: Change): DiffPart['kind'] =>
  change.added ? 'added' : change.removed ? 'removed' : 'same';

/**
 * What an edit did to a text: line by line, and word by word inside lines that changed. A change
 * of spacing alone (indenting code) shows as whole lines removed and added, since a word diff does
 * not see it.
 */
export function textDiff(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], value: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.value += value;
    else if (value) parts.push({ kind, value });
  };
  const lines = diffLines(before, after);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    if (!line) continue;
    if (line.removed && next?.added) {
      const words = diffWords(line.value, next.value);
      if (words.some((word) => word.added || word.removed)) {
        for (const word of words) push(kindOf(word), word.value);
        i++;
        continue;
      }
    }
    push(kindOf(line), line.value);
  }
  return parts;
}

/**
 * One side of a side-by-side view: the text before the edit with its removals marked, or the text
 * after it with its additions marked.
 */
export function diffSide(parts: readonly DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const hidden = side === 'before' ? 'added' : 'removed';
  return parts.filter((part) => part.kind !== hidden);
}

export const changed = (parts: readonly DiffPart[]): boolean =>
  parts.some((part) => part.kind !== 'same');

/** Tags an edit kept, removed and added, in the order they were listed (names compare without case). */
export function tagDiff(before: readonly string[], after: readonly string[]): DiffPart[] {
  const afterKeys = new Set(after.map(tagKey));
  const beforeKeys = new Set(before.map(tagKey));
  return [
    ...before.map((value): DiffPart => ({
      kind: afterKeys.has(tagKey(value)) ? 'same' : 'removed',
      value,
    })),
    ...after
      .filter((value) => !beforeKeys.has(tagKey(value)))
      .map((value): DiffPart => ({ kind: 'added', value })),
  ];
}

/** A list of tags in another order is a change too, though no tag came or went. */
export const sameTagList = (before: readonly string[], after: readonly string[]): boolean =>
  before.length === after.length && before.every((tag, i) => tag === after[i]);
