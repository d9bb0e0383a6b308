import { reputationMessages, reputationReasonWords } from '@app/validators';
import { Link } from 'react-router-dom';
import { Alert, Card, CalendarDate, LoadingState } from '../../shared/components';
import { NextPageButton } from '../../shared/components/LoadMoreButton';
import { errorMessage } from '../../shared/lib/errors';
import { listItems } from '../../shared/lib/pagedList';
import { answerAnchor } from '../../shared/lib/postAnchors';
import { trpc, type RouterOutputs } from '../../trpc';

type Change = RouterOutputs['reputation']['history']['items'][number];

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/** Where a change's line links to: its question, at its answer when there was one. */
const postPath = (change: Change) =>
  change.questionId === null
    ? null
    : `/question/${change.questionId}${change.answerId === null ? '' : `#${answerAnchor(change.answerId)}`}`;

/**
 * The profile's reputation history: each change, newest first, with its date, its points, why in
 * words and a link to the post it was about; older pages on demand.
 */
export function ReputationHistorySection({ username }: { username: string }) {
  const history = trpc.reputation.history.useInfiniteQuery(
    { username },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const items = listItems(history.data);
  return (
    <Card title={reputationMessages.historyTitle} className="reputation-history">
      {history.isPending ? (
        <LoadingState label="Loading reputation history..." />
      ) : !history.data ? (
        <Alert>{errorMessage(history.error, reputationMessages.historyFailed)}</Alert>
      ) : items.length === 0 ? (
        <p className="profile__bio profile__bio--empty">{reputationMessages.historyEmpty}</p>
      ) : (
        <>
          <ol className="reputation-history__list" aria-label={reputationMessages.historyTitle}>
            {items.map((change) => {
              const path = postPath(change);
              return (
                <li key={change.id} className="reputation-history__item">
                  <span
                    className={`reputation-history__delta reputation-history__delta--${change.delta > 0 ? 'up' : 'down'}`}
                  >
                    {signed(change.delta)}
                  </span>
                  <span className="reputation-history__what">
                    {reputationReasonWords(change.reason, change.delta)}
                    {path && change.questionTitle && (
                      <>
                        {': '}
                        <Link to={path}>{change.questionTitle}</Link>
                      </>
                    )}
                  </span>
                  <span className="reputation-history__when">
                    <CalendarDate date={change.createdAt} />
                  </span>
                </li>
              );
            })}
          </ol>
          <NextPageButton list={history} />
        </>
      )}
    </Card>
  );
}
