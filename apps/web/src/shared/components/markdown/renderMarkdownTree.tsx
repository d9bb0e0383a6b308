import { createElement, Fragment, type ReactNode } from 'react';
import { safeHref, type MarkdownNode } from './markdownTree';

// The elements a post may contain, as they are. Anything else keeps only its content.
const BLOCK_TAGS = new Set([
  'p',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'em',
  'strong',
  'span',
  'hr',
  'br',
]);
// Comments: inline only (their paragraphs run together).
const INLINE_TAGS = new Set(['code', 'em', 'strong', 'br']);
const VOID_TAGS = new Set(['hr', 'br']);

// Headings start two levels down: the page has its title (h1) and the answers heading (h2).
const HEADINGS: Record<string, 'h3' | 'h4' | 'h5' | 'h6'> = {
  h1: 'h3',
  h2: 'h4',
  h3: 'h5',
  h4: 'h6',
  h5: 'h6',
  h6: 'h6',
};

// Classes come only from the highlighter: hljs, language-x on code; hljs-x (and x_ sub-scopes) on spans.
const CODE_CLASS = /^(hljs|language-[\w+#.-]+)$/;
const SPAN_CLASS = /^(hljs-[\w-]+|[a-z]+_+)$/;

function allowedClasses(className: string | undefined, pattern: RegExp): string | undefined {
  const kept = (className ?? '').split(/\s+/).filter((name) => pattern.test(name));
  return kept.length > 0 ? kept.join(' ') : undefined;
}

function renderNode(node: MarkdownNode, key: number, inline: boolean): ReactNode {
  if (node.type === 'text') return node.value;
  const { tag, props } = node;
  const children = renderNodes(node.children, inline);
  const heading = inline ? undefined : HEADINGS[tag];

  if (tag === 'a') {
    const href = safeHref(props.href);
    if (!href) return <Fragment key={key}>{children}</Fragment>;
    return (
      <a key={key} href={href} title={props.title} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (tag === 'img' && !inline) {
    // Images are not loaded: their text, as a link to the image when its address is https.
    const src = safeHref(props.src);
    const label = props.alt || src || '';
    return src ? (
      <a key={key} href={src} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      label
    );
  }
  if (heading) return createElement(heading, { key }, children);
  if (!(inline ? INLINE_TAGS : BLOCK_TAGS).has(tag))
    return <Fragment key={key}>{children}</Fragment>;
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  if (tag === 'pre') {
    // Focusable, so a keyboard can scroll a long line of code.
    return (
      <pre key={key} tabIndex={0}>
        {children}
      </pre>
    );
  }
  if (tag === 'code') {
    return (
      <code key={key} className={allowedClasses(props.className, CODE_CLASS)}>
        {children}
      </code>
    );
  }
  if (tag === 'span') {
    return (
      <span key={key} className={allowedClasses(props.className, SPAN_CLASS)}>
        {children}
      </span>
    );
  }
  if (tag === 'ol') {
    return (
      <ol key={key} start={props.start}>
        {children}
      </ol>
    );
  }
  return createElement(tag, { key }, children);
}

/**
 * React elements for a formatted post, through an allow-list: known elements only, no attribute but
 * the highlighter's classes, https links (new tab, no opener) and a list's start; text stays text.
 */
export function renderNodes(nodes: readonly MarkdownNode[], inline: boolean): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, index, inline));
}
