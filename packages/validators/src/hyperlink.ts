export const hyperlinkMessages = { invalid: 'Invalid hyperlink format.' } as const;

// [text](url): the bracketed text and the parenthesised URL, URL without spaces.
const LINK = /\[([^\]]*)\]\(([^\s)]*)\)/g;
const HTTPS = 'https://';

/** True when every [text](url) in the text has both parts and an https:// URL with something after it. */
export function hasValidHyperlinks(text: string): boolean {
  for (const match of text.matchAll(LINK)) {
    const [, label = '', url = ''] = match;
    if (!label.trim() || !url.startsWith(HTTPS) || url.length <= HTTPS.length) return false;
  }
  return true;
}

export type TextSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits text into plain parts and valid https links, for rendering as text nodes and anchors. */
export function splitHyperlinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', url = ''] = match;
    const valid = label.trim() && url.startsWith(HTTPS) && url.length > HTTPS.length;
    if (!valid) continue;
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'link', text: label, href: url });
    last = match.index + whole.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
