import { questionMessages } from '@app/validators';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Alert, LoadingState, PageHeader } from '../../shared/components';
import { errorCode, prefixedError } from '../../shared/lib/errors';
import type { QuestionDetail } from './questionCache';
import { trpc } from '../../trpc';

export interface QuestionToEditProps {
  qid: number;
  loadingLabel: string;
  /** The edit form, or a refusal, once the question has loaded. */
  children: (question: QuestionDetail) => ReactNode;
}

/**
 * Loads the question an edit page works on: an unknown id goes to /home with 'Question not found',
 * a failed read says so, and the loaded question goes to `children`.
 */
export function QuestionToEdit({ qid, loadingLabel, children }: QuestionToEditProps) {
  const question = trpc.question.byId.useQuery({ qid });
  const code = question.isError ? errorCode(question.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST')
    return <Navigate to="/home" replace state={{ error: questionMessages.questionNotFound }} />;
  if (question.isPending) return <LoadingState label={loadingLabel} />;
  if (!question.data)
    return (
      <div className="page">
        <Alert>{prefixedError('Error when fetching the question', question.error)}</Alert>
      </div>
    );
  return children(question.data);
}

/** An edit page for someone who may not edit the post: why, and the way back to the question. */
export function EditRefused({
  title,
  reason,
  question,
}: {
  title: string;
  reason: string;
  question: Pick<QuestionDetail, 'id' | 'title'>;
}) {
  return (
    <div className="page form-page">
      <PageHeader title={title} />
      <Alert>{reason}</Alert>
      <p>
        <Link to={`/question/${question.id}`}>{question.title}</Link>
      </p>
    </div>
  );
}
