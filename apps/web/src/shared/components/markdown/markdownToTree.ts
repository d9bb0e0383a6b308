import { MarkdownAsync } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import { isMisleadingLinkText } from './misleadingLinks';
import { MARKDOWN_MAX_DEPTH, type MarkdownNode, type MarkdownProps } from './markdownTree';

type HastRoot = Parameters<ReturnType<typeof rehypeHighlight>>[0];

/** A hast node as read here: only the fields the conversion looks at. */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Thrown when a post nests deeper than MARKDOWN_MAX_DEPTH: it is then shown as plain text. */
export class MarkdownTooDeepError extends Error {
  constructor() {
    super('Markdown nests too deeply to format.');
  }
}

// Comments are inline Markdown, as on Stack Overflow: these block constructs stay literal text.
const BLOCK_CONSTRUCTS = [
  'blockQuote',
  'codeFenced',
  'codeIndented',
  'definition',
  'headingAtx',
  'htmlFlow',
  'labelStartImage',
  'list',
  'setextUnderline',
  'thematicBreak',
];

/** remark plugin: switches the block constructs off in micromark (read by remark-parse at parse time). */
function inlineOnly(this: { data(): object }) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: BLOCK_CONSTRUCTS } });
}

function toProps(properties: Record<string, unknown> = {}): MarkdownProps {
  const props: MarkdownProps = {};
  const { className, href, title, start, src, alt } = properties;
  if (Array.isArray(className)) props.className = className.map(String).join(' ');
  if (typeof href === 'string') props.href = href;
  if (typeof title === 'string') props.title = title;
  if (typeof start === 'number') props.start = start;
  if (typeof src === 'string') props.src = src;
  if (typeof alt === 'string') props.alt = alt;
  return props;
}

/** The text a reader sees of a node. */
function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * A link (or image) whose text reads as an address on another host than it opens shows its real
 * address instead, as GitHub does: '[https://bank.example](https://evil.example)' cannot pass for the bank.
 */
function withHonestText(node: HastNode): HastNode {
  const { tagName, properties = {} } = node;
  if (tagName === 'a' && typeof properties.href === 'string') {
    if (!isMisleadingLinkText(textOf(node), properties.href)) return node;
    return { ...node, children: [{ type: 'text', value: properties.href }] };
  }
  if (
    tagName === 'img' &&
    typeof properties.src === 'string' &&
    typeof properties.alt === 'string'
  ) {
    if (!isMisleadingLinkText(properties.alt, properties.src)) return node;
    return { ...node, properties: { ...properties, alt: properties.src } };
  }
  return node;
}

// Where a block of HTML can stand on its own (as a paragraph would).
const FLOW_PARENTS = new Set(['root', 'blockquote']);

function toNodes(parent: HastNode, depth: number): MarkdownNode[] {
  if (depth > MARKDOWN_MAX_DEPTH) throw new MarkdownTooDeepError();
  const nodes: MarkdownNode[] = [];
  const flow = FLOW_PARENTS.has(parent.tagName ?? parent.type);
  for (const child of parent.children ?? []) {
    if (child.type === 'text' && child.value !== undefined) {
      nodes.push({ type: 'text', value: child.value });
    } else if (child.type === 'raw' && child.value !== undefined) {
      // HTML written in the post is shown as the text it is; a block of it as a paragraph.
      const text: MarkdownNode = { type: 'text', value: child.value };
      nodes.push(flow ? { type: 'element', tag: 'p', props: {}, children: [text] } : text);
    } else if (child.type === 'element' && child.tagName) {
      const element = withHonestText(child);
      nodes.push({
        type: 'element',
        tag: child.tagName,
        props: toProps(element.properties),
        children: toNodes(element, depth + 1),
      });
    }
  }
  return nodes;
}

/**
 * Parses a post's Markdown (CommonMark; comments inline only) and highlights fenced code of the
 * common languages. Runs in the Markdown worker: parsing hostile text can take seconds.
 */
export async function markdownToTree(text: string, inline: boolean): Promise<MarkdownNode[]> {
  let nodes: MarkdownNode[] = [];
  // Takes the highlighted tree and leaves react-markdown an empty one: the page renders the nodes.
  const capture = () => (tree: HastRoot) => {
    nodes = toNodes(tree as HastNode, 0);
    return { type: 'root', children: [] } satisfies HastRoot;
  };
  await MarkdownAsync({
    children: text,
    remarkPlugins: inline ? [inlineOnly] : [],
    rehypePlugins: [
      [rehypeHighlight, { plainText: ['text', 'txt', 'plain', 'plaintext'] }],
      capture,
    ],
  });
  return nodes;
}
