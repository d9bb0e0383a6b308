import { invalidLinkReasons, markdownMessages } from '@app/validators';
import { useId } from 'react';
import { Markdown } from './Markdown';
import { useDebouncedValue } from './useDebouncedValue';

/** Typing pauses shorter than this do not re-render the preview. */
const PREVIEW_DELAY_MS = 250;

export interface MarkdownPreviewProps {
  text: string;
  className?: string;
}

/** The "Preview" beside a post's text box: the same renderer as the question page, as the user types. */
export function MarkdownPreview({ text, className }: MarkdownPreviewProps) {
  const titleId = useId();
  const shown = useDebouncedValue(text.trim(), PREVIEW_DELAY_MS);
  // A [text](http://…) shows as plain text: the preview says why, in the words the server would use.
  const notLinks = invalidLinkReasons(shown);
  return (
    <section
      className={['markdown-preview', 'card', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="markdown-preview__title">
        {markdownMessages.previewTitle}
      </h2>
      {shown ? (
        <Markdown text={shown} className="markdown-preview__body" />
      ) : (
        <p className="markdown-preview__empty">{markdownMessages.previewEmpty}</p>
      )}
      {notLinks.length > 0 && (
        <ul className="markdown-preview__problems">
          {notLinks.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      )}
      <p className="markdown-preview__help">
        {markdownMessages.helpLead}{' '}
        {markdownMessages.helpExamples.map((example) => (
          <code key={example}>{example}</code>
        ))}
      </p>
    </section>
  );
}
