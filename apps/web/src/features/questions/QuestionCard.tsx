import { answerMessages, questionActivityLabels } from '@app/validators';
import { Link } from 'react-router-dom';
import { type QuestionSummary } from './questionCache';
import { countLabel } from '../../shared/lib/countLabel';
import { AuthorLink } from '../../shared/components/AuthorLink';
import { RelativeTime } from '../../shared/components/RelativeTime';
import { TagList } from './TagButton';

export interface QuestionCardProps {
  question: QuestionSummary;
  /** The current time, for 'asked 3 minutes ago'. */
  now: number;
  /** The Active order: also say what the last activity was and when ('answered 3 minutes ago'). */
  showLastActivity?: boolean;
}

/**
 * One question in the list: votes, answers and views; the title (a link, stretched over the whole card
 * so clicking anywhere opens the question); tag and author links (above the stretched link, so they
 * open the tag and the profile); the asked time, and in the Active order the latest activity.
 */
export function QuestionCard({ question, now, showLastActivity = false }: QuestionCardProps) {
  const activity = question.lastActivityKind;
  return (
    <article className="question-card list-card">
      <div className="question-card__stats list-card__stats">
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
        <h2 className="question-card__title list-card__title">
          <Link to={`/question/${question.id}`} className="question-card__link list-card__link">
            {question.title}
          </Link>
        </h2>
        <div className="question-card__footer">
          <TagList tags={question.tags} />
          <p className="question-card__meta">
            <AuthorLink username={question.askedBy} />{' '}
            <span>
              asked <RelativeTime date={question.askDateTime} now={now} />
            </span>
            {showLastActivity && activity !== 'asked' && (
              <span className="question-card__activity">
                {questionActivityLabels[activity]}{' '}
                <RelativeTime date={question.lastActivityAt} now={now} />
              </span>
            )}
          </p>
        </div>
      </div>
    </article>
  );
}
