import { questionMessages } from '@app/validators';
import { Link } from 'react-router-dom';
import { Alert, EmptyState, LoadingState, PageHeader } from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveQuestions } from './live';
import { errorMessage } from '../../shared/lib/errors';
import { countLabel } from '../../shared/lib/countLabel';
import { trpc } from '../../trpc';
import { AskQuestionButton } from './AskQuestionButton';

/**
 * Tags (/tags, SPEC §2): 'N Tags', 'All Tags', Ask a Question, and a card per tag with its description
 * and question count; a card opens /home?tag={name}. Counts refresh when questions are asked.
 */
export default function TagsPage() {
  useDocumentTitle('All Tags');
  useLiveQuestions();
  const tags = trpc.tag.list.useQuery();

  return (
    <div className="page tags-page">
      <PageHeader
        title={tags.data ? countLabel(tags.data.length, 'Tag') : 'Tags'}
        subtitle={<h2 className="tags-page__subtitle">All Tags</h2>}
        actions={<AskQuestionButton />}
      />
      {tags.isPending ? (
        <LoadingState label="Loading tags..." />
      ) : !tags.data ? (
        <Alert>{errorMessage(tags.error, 'Error when fetching tags')}</Alert>
      ) : tags.data.length === 0 ? (
        <EmptyState title="No Tags Found" />
      ) : (
        <ul className="tag-grid tile-grid" aria-label="Tags">
          {tags.data.map((tag) => (
            <li key={tag.id} className="tag-card">
              <h3 className="tag-card__name">
                <Link to={`/home?tag=${encodeURIComponent(tag.name)}`} className="tag-card__link">
                  {tag.name}
                </Link>
              </h3>
              <p className="tag-card__description">{tag.description}</p>
              <p className="tag-card__count">{countLabel(tag.qcnt, 'question')}</p>
            </li>
          ))}
        </ul>
      )}
      {tags.isError && tags.data && (
        <Alert>{errorMessage(tags.error, questionMessages.fetchFailed)}</Alert>
      )}
    </div>
  );
}
