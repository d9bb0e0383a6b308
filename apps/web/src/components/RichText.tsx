import { splitHyperlinks } from '@app/validators';
import { Fragment, useMemo } from 'react';

export interface RichTextProps {
  text: string;
  className?: string;
}

/**
 * Question and answer text: plain React text, with each valid [label](https://…) turned into a link that
 * opens in a new tab without handing it the opener (SPEC §5, §9: only https://). Never raw HTML.
 */
export function RichText({ text, className }: RichTextProps) {
  const segments = useMemo(() => splitHyperlinks(text), [text]);
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')}>
      {segments.map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </div>
  );
}
