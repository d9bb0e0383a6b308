import { z } from 'zod';

// Dropped from anything a person writes: C0 controls other than tab and newline, DEL, the zero-width
// space, bidirectional embeddings/overrides/isolates (they can make a title read backwards), the BOM,
// and lone surrogate halves (not text: SQLite would store U+FFFD while the live event said otherwise).
function isUnwanted(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0x7f ||
    code === 0x200b ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

// Characters that take no room on screen: text made only of these (and spaces) counts as empty.
const INVISIBLE = new Set([0x00ad, 0x200c, 0x200d, 0x2060]);
const isVisible = (char: string): boolean =>
  !/\s/.test(char) && !INVISIBLE.has(char.codePointAt(0) ?? 0);

/**
 * What we keep of anything a person writes: line breaks as \n, no control or direction-override
 * characters, trimmed; and '' when nothing visible is left.
 */
export function cleanText(text: string): string {
  let kept = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    if (!isUnwanted(char.codePointAt(0) ?? 0)) kept += char;
  }
  kept = kept.trim();
  return [...kept].some(isVisible) ? kept : '';
}

/** Length as people count it (code points, so an emoji is one), the same in the browser and on the server. */
export const charCount = (text: string): number => [...text].length;

/** A piece of text a person writes: cleaned, then checked for emptiness and length. */
export function userText(max: number, messages: { empty?: string; tooLong: string }) {
  const cleaned = z.string().overwrite(cleanText);
  return (messages.empty ? cleaned.min(1, messages.empty) : cleaned).max(max, messages.tooLong);
}
