import { TAG_SUGGESTIONS_MAX, tagKey } from '@app/validators';

/** A tag as tag.list sends it: name, description and question count. */
export interface SuggestableTag {
  id: number;
  name: string;
  description: string;
  qcnt: number;
}

/** The whitespace-separated word the caret is in (or just after), with where it starts and ends. */
export interface TagToken {
  start: number;
  end: number;
  text: string;
}

export function tokenAt(value: string, caret: number): TagToken {
  const at = Math.max(0, Math.min(caret, value.length));
  let start = at;
  while (start > 0 && !/\s/.test(value.charAt(start - 1))) start -= 1;
  let end = at;
  while (end < value.length && !/\s/.test(value.charAt(end))) end += 1;
  return { start, end, text: value.slice(start, end) };
}

/** The field's value with the token replaced by the tag and one space after it, and the caret after that. */
export function insertTag(
  value: string,
  token: TagToken,
  name: string,
): { value: string; caret: number } {
  const before = value.slice(0, token.start);
  const after = value.slice(token.end).replace(/^\s+/, '');
  return { value: `${before}${name} ${after}`, caret: before.length + name.length + 1 };
}

const byUse = (a: SuggestableTag, b: SuggestableTag) =>
  b.qcnt - a.qcnt || tagKey(a.name).localeCompare(tagKey(b.name));

/**
 * Existing tags for what is being typed: names starting with it first, then names containing it, each
 * most used first; tags already in the field (other than the one being typed) are left out.
 */
export function suggestTags(
  tags: readonly SuggestableTag[],
  typed: string,
  alreadyChosen: readonly string[] = [],
): SuggestableTag[] {
  const key = tagKey(typed.trim());
  if (!key) return [];
  const chosen = new Set(alreadyChosen.map(tagKey));
  const starts: SuggestableTag[] = [];
  const contains: SuggestableTag[] = [];
  for (const tag of tags) {
    const name = tagKey(tag.name);
    if (chosen.has(name)) continue;
    if (name.startsWith(key)) starts.push(tag);
    else if (name.includes(key)) contains.push(tag);
  }
  return [...starts.sort(byUse), ...contains.sort(byUse)].slice(0, TAG_SUGGESTIONS_MAX);
}
