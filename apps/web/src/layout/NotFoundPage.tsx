import { ButtonLink, EmptyState, PageHeader } from '../shared/components';
import { useDocumentTitle } from '../shared/hooks/useDocumentTitle';

/** Any unknown address inside the signed-in app. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page">
      <PageHeader title="Page not found" />
      <EmptyState title="There is nothing at this address.">
        <ButtonLink to="/home">Go to Questions</ButtonLink>
      </EmptyState>
    </div>
  );
}
