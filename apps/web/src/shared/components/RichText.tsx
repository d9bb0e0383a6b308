import { Markdown } from './markdown/Markdown';

export interface RichTextProps {
  text: string;
  className?: string;
}

/**
 * Question, answer and problem text: Markdown (shared/components/markdown), with the spec's [label](https://…)
 * links opening in a new tab without handing it the opener (SPEC §5, §9: only https://). Never raw HTML.
 */
export function RichText({ text, className }: RichTextProps) {
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')}>
      <Markdown text={text} />
    </div>
  );
}
