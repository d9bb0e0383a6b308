import { similarityWords } from '@app/validators';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { countLabel } from '../../shared/lib/countLabel';
import { trpc } from '../../trpc';

/** How long the title must rest before it is looked up (a lookup per key would flood the server). */
const SETTLE_MS = 400;

/** The title once it has stopped changing for a moment. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * While asking: existing questions like the title so far (up to five, best match first), each
 * opening in a new tab so the draft stays. Nothing shows until the title has two telling words.
 */
export function SimilarQuestions({ title }: { title: string }) {
  const settled = useSettled(title.trim());
  const enabled = similarityWords(settled).length >= 2;
  const similar = trpc.question.similar.useQuery(
    { title: settled },
    { enabled, staleTime: 60_000, placeholderData: (previous) => previous },
  );
  const items = enabled ? (similar.data ?? []) : [];
  if (items.length === 0) return null;
  return (
    <section className="similar-questions" aria-labelledby="similar-questions-title">
      <h2 id="similar-questions-title" className="similar-questions__title">
        Similar questions — one of these may already answer yours
      </h2>
      <ul className="similar-questions__list">
        {items.map((question) => (
          <li key={question.id} className="similar-questions__item">
            <span
              className={`similar-questions__answers${question.hasAcceptedAnswer ? ' similar-questions__answers--accepted' : ''}`}
            >
              {countLabel(question.answerCount, 'answer')}
            </span>
            <Link to={`/question/${question.id}`} target="_blank" rel="noopener">
              {question.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
