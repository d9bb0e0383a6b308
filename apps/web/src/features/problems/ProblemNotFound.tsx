import { problemMessages } from '@app/validators';
import { ButtonLink, EmptyState } from '../../shared/components';

/** 'Problem not found' as a page, with the way back to the list. */
export function ProblemNotFound() {
  return (
    <div className="page">
      <EmptyState title={problemMessages.notFoundPage}>
        <ButtonLink to="/problems" variant="secondary">
          Back to Problems
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
