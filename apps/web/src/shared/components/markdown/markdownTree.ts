/**
 * The formatted form of a post as the Markdown worker hands it to the page: plain data (it crosses
 * postMessage), only the attributes the page may render. The page turns it into React elements
 * through an allow-list (renderMarkdownTree), so even a wrong tree cannot become raw HTML.
 */
export type MarkdownNode =
  | { type: 'text'; value: string }
  | { type: 'element'; tag: string; props: MarkdownProps; children: MarkdownNode[] };

export interface MarkdownProps {
  className?: string;
  href?: string;
  title?: string;
  /** An ordered list's first number. */
  start?: number;
  /** An image's address and text: images are shown as their text (or a link), never loaded. */
  src?: string;
  alt?: string;
}

export type FormatResult =
  | { kind: 'formatted'; nodes: MarkdownNode[] }
  /** Shown as plain text: too complex or deep to format in time, or no worker to format it. */
  | { kind: 'plain'; reason: 'tooComplex' | 'unavailable' };

/** Element nesting past this (about 20 levels of lists, 40 of quotes) is not formatted. */
export const MARKDOWN_MAX_DEPTH = 40;

/** Page → worker. */
export interface FormatRequest {
  id: number;
  text: string;
  /** Comments: inline Markdown only (emphasis, code, links), no blocks. */
  inline: boolean;
}

/** Worker → page. */
export type FormatReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; nodes: MarkdownNode[] }
  | { type: 'failed'; id: number };

/** The only links (and image addresses) a post may carry: https:// with a host, no spaces. */
export function safeHref(url: string | undefined): string | null {
  if (!url || !url.startsWith('https://') || /\s/.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}
