export const hyperlinkMessages = { invalid: 'Invalid hyperlink format.' } as const;

// [text](url). Neither part may contain a bracket, and the URL stops at its first ')': each scan ends
// at the next '[', so even a text of thousands of '[' or '[a](' is matched in linear time.
const LINK = /\[([^[\]]*)\]\(([^)[\]]*)\)/g;
const HTTPS = 'https://';

/** SPEC §5: both parts non-empty, and the URL is https:// with something after it (and no spaces). */
function isValidLink(label: string, url: string): boolean {
  return (
    label.trim() !== '' && url.startsWith(HTTPS) && url.length > HTTPS.length && !/\s/.test(url)
  );
}

/** True when every [text](url) in the text is a valid link. */
export function hasValidHyperlinks(text: string): boolean {
  for (const [, label = '', url = ''] of text.matchAll(LINK)) {
    if (!isValidLink(label, url)) return false;
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
    if (!isValidLink(label, url)) continue;
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'link', text: label, href: url });
    last = match.index + whole.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
