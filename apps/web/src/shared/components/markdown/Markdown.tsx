import { markdownMessages } from '@app/validators';
import { memo, useEffect, useMemo, useSyncExternalStore } from 'react';
import { markdownFormatter } from './markdownWorker';
import type { FormatResult } from './markdownTree';
import { renderNodes } from './renderMarkdownTree';

export interface MarkdownProps {
  text: string;
  /** Comments: inline Markdown in a span (emphasis, code, links), no blocks. */
  inline?: boolean;
  className?: string;
}

function useFormatted(text: string, inline: boolean): FormatResult | undefined {
  const result = useSyncExternalStore(markdownFormatter.subscribe, () =>
    markdownFormatter.peek(text, inline),
  );
  useEffect(() => markdownFormatter.want(text, inline), [text, inline]);
  return result;
}

/**
 * A post's text as Markdown: CommonMark with highlighted fenced code, never raw HTML, only https links
 * (new tab, no opener), images as their text. Formatted in a worker; until then (or when the text is
 * too complex to format in time) the text shows as it was typed.
 */
export const Markdown = memo(function Markdown({ text, inline = false, className }: MarkdownProps) {
  const result = useFormatted(text, inline);
  const content = useMemo(
    () => (result?.kind === 'formatted' ? renderNodes(result.nodes, inline) : null),
    [result, inline],
  );
  const Root = inline ? 'span' : 'div';
  const classes = (state: string) => ['markdown', state, className].filter(Boolean).join(' ');

  if (content) return <Root className={classes(inline ? 'markdown--inline' : '')}>{content}</Root>;
  return (
    <Root className={classes('markdown--plain')} aria-busy={result ? undefined : true}>
      {result?.kind === 'plain' && result.reason === 'tooComplex' && (
        <Root className="markdown__notice">{markdownMessages.plainText}</Root>
      )}
      {text}
    </Root>
  );
});
