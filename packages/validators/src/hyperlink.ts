export const hyperlinkMessages = {
  /** SPEC §5's sentence first, then what to do about it. */
  invalid:
    'Invalid hyperlink format. Links must start with https://, as in [text](https://example.com).',
  /** Why a [text](url) in a preview is shown as plain text: '[docs](http://x.io) is not a link: …'. */
  notALink: (link: string, reason: string) => `${link} is not a link: ${reason}.`,
  reasons: {
    noText: 'it needs text between the brackets',
    notHttps: 'its address must start with https://',
    noAddress: 'it needs an address after https://',
    spaces: 'its address cannot contain spaces',
  },
} as const;

// [text](url). Neither part may contain a bracket, and the URL stops at its first ')': each scan ends
// at the next '[', so even a text of thousands of '[' or '[a](' is matched in linear time.
const LINK = /\[([^[\]]*)\]\(([^)[\]]*)\)/g;
const HTTPS = 'https://';

type LinkProblem = keyof typeof hyperlinkMessages.reasons;

/** SPEC §5: both parts non-empty, and the URL is https:// with something after it (and no spaces). */
function linkProblem(label: string, url: string): LinkProblem | null {
  if (label.trim() === '') return 'noText';
  if (!url.startsWith(HTTPS)) return 'notHttps';
  if (url.length === HTTPS.length) return 'noAddress';
  if (/\s/.test(url)) return 'spaces';
  return null;
}

const isValidLink = (label: string, url: string) => linkProblem(label, url) === null;

/** True when every [text](url) in the text is a valid link. */
export function hasValidHyperlinks(text: string): boolean {
  for (const [, label = '', url = ''] of text.matchAll(LINK)) {
    if (!isValidLink(label, url)) return false;
  }
  return true;
}

/** Each [text](url) of the text that is not a valid link, with why, for the preview beside the text box. */
export function invalidLinkReasons(text: string): string[] {
  const reasons: string[] = [];
  for (const [whole, label = '', url = ''] of text.matchAll(LINK)) {
    const problem = linkProblem(label, url);
    if (problem)
      reasons.push(hyperlinkMessages.notALink(whole, hyperlinkMessages.reasons[problem]));
  }
  return reasons;
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
