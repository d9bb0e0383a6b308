import type { MarkdownNode } from './markdownTree';

// Letters, digits, spaces and the punctuation that means nothing to CommonMark in running text.
const PLAIN = /^[\p{L}\p{N} .,;:?!'"()/%$@\n]*$/u;
// A line that could start or end a construct: a list ('1. '), indented code or a continuation
// (leading space), a hard break (trailing space).
const NOT_PLAIN_LINE = /^[\p{N} ]| $/u;

/**
 * The formatted tree of a text with no Markdown in it (most comments and many short posts), made at
 * once on the page: its paragraphs, exactly as the worker would make them. Null when the text might
 * hold Markdown; the worker formats those.
 */
export function plainTextTree(text: string): MarkdownNode[] | null {
  if (!PLAIN.test(text)) return null;
  const lines = text.split('\n');
  if (lines.some((line) => NOT_PLAIN_LINE.test(line))) return null;
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    const current = paragraphs[paragraphs.length - 1] as string[];
    if (line !== '') current.push(line);
    else if (current.length > 0) paragraphs.push([]);
  }
  const filled = paragraphs.filter((paragraph) => paragraph.length > 0);
  if (filled.length === 0) return null;
  const nodes: MarkdownNode[] = [];
  filled.forEach((paragraph, index) => {
    if (index > 0) nodes.push({ type: 'text', value: '\n' });
    nodes.push({
      type: 'element',
      tag: 'p',
      props: {},
      children: [{ type: 'text', value: paragraph.join('\n') }],
    });
  });
  return nodes;
}
