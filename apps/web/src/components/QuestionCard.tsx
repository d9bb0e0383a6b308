import { answerMessages, formatRelativeTime } from '@app/validators';
import { Link } from 'react-router-dom';
import { countLabel, type QuestionSummary } from '../lib/questionCache';
import { TagList } from './TagButton';

export interface QuestionCardProps {
  question: QuestionSummary;
  /** The current time, for 'asked 3 minutes ago'. */
  now: number;
}

/**
 * One question in the list: votes, answers and views; the title (a link, stretched over the whole card
 * so clicking anywhere opens the question); tag buttons (above the stretched link); author and time.
 */
export function QuestionCard({ question, now }: QuestionCardProps) {
  return (
    <article className="question-card">
      <div className="question-card__stats">
        <span className="question-card__stat">{countLabel(question.voteScore, 'vote')}</span>
        <span
          className={`question-card__stat${question.answerCount > 0 ? ' question-card__stat--answered' : ''}${question.hasAcceptedAnswer ? ' question-card__stat--accepted' : ''}`}
        >
          {question.hasAcceptedAnswer && (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="question-card__check">
              <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
            </svg>
          )}
          <span>{countLabel(question.answerCount, 'answer')}</span>
          {question.hasAcceptedAnswer && (
            <span className="visually-hidden">{answerMessages.hasAccepted}</span>
          )}
        </span>
        <span className="question-card__stat">{countLabel(question.viewCount, 'view')}</span>
      </div>
      <div className="question-card__main">
        <h2 className="question-card__title">
          <Link to={`/question/${question.id}`} className="question-card__link">
            {question.title}
          </Link>
        </h2>
        <div className="question-card__footer">
          <TagList tags={question.tags} />
          <p className="question-card__meta">
            <span className="author">{question.askedBy}</span>{' '}
            <span>asked {formatRelativeTime(question.askDateTime, now)}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
