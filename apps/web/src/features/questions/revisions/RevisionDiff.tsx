import { editMessages } from '@app/validators';
import { useMemo } from 'react';
import { diffSide, tagDiff, textDiff, type DiffPart } from './textDiff';

export type DiffView = 'inline' | 'side';

/** Runs of text, the added and removed ones marked (and named for screen readers). */
function Parts({ parts }: { parts: readonly DiffPart[] }) {
  return parts.map((part, index) =>
    part.kind === 'added' ? (
      <ins key={index} className="diff__added">
        <span className="visually-hidden">{`[${editMessages.added}: `}</span>
        {part.value}
        <span className="visually-hidden">]</span>
      </ins>
    ) : part.kind === 'removed' ? (
      <del key={index} className="diff__removed">
        <span className="visually-hidden">{`[${editMessages.removed}: `}</span>
        {part.value}
        <span className="visually-hidden">]</span>
      </del>
    ) : (
      <span key={index}>{part.value}</span>
    ),
  );
}

/**
 * What an edit did to a text (title or body, as the author typed it: Markdown is shown as source),
 * word by word: inline, one text with removals and additions marked; or side by side, before on the
 * left and after on the right.
 */
export function TextDiff({
  before,
  after,
  view,
}: {
  before: string;
  after: string;
  view: DiffView;
}) {
  const parts = useMemo(() => textDiff(before, after), [before, after]);
  if (view === 'inline')
    return (
      <div className="diff diff--inline">
        <Parts parts={parts} />
      </div>
    );
  return (
    <div className="diff diff--side">
      <div className="diff__column">
        <p className="diff__label">{editMessages.before}</p>
        <div className="diff__text">
          <Parts parts={diffSide(parts, 'before')} />
        </div>
      </div>
      <div className="diff__column">
        <p className="diff__label">{editMessages.after}</p>
        <div className="diff__text">
          <Parts parts={diffSide(parts, 'after')} />
        </div>
      </div>
    </div>
  );
}

/** Tags an edit kept, removed and added. */
export function TagsDiff({ before, after }: { before: string[]; after: string[] }) {
  return (
    <ul className="diff-tags">
      {tagDiff(before, after).map((part) => (
        <li
          key={`${part.kind}:${part.value}`}
          className={`diff-tags__tag diff-tags__tag--${part.kind}`}
        >
          <Parts parts={[part]} />
        </li>
      ))}
    </ul>
  );
}
