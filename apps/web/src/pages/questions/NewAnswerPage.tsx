import { CreateAnswerInput, formErrors, questionMessages } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, PageHeader, TextAreaField } from '../../components';
import { MarkdownPreview } from '../../components/markdown/MarkdownPreview';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useApplyQuestionEvent } from '../../hooks/useQuestionCache';
import { errorCode, prefixedError } from '../../lib/errors';
import { parseQid } from '../../lib/questionCache';
import { trpc } from '../../trpc';

/**
 * New answer (/new/answer/:qid, SPEC §2, §5): 'Answer Text' and Post Answer; on success back to the
 * question. A missing or invalid id goes to /home with 'Question ID is missing.'.
 */
export default function NewAnswerPage() {
  useDocumentTitle('Answer Question');
  const qid = parseQid(useParams().qid);
  if (qid === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <AnswerForm key={qid} qid={qid} />;
}

function AnswerForm({ qid }: { qid: number }) {
  const navigate = useNavigate();
  const apply = useApplyQuestionEvent();
  // The question's title, for context (and to leave when it does not exist).
  const question = trpc.question.byId.useQuery({ qid });
  const create = trpc.answer.create.useMutation();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = { qid, text: text.trim() };
    const problem = formErrors(CreateAnswerInput, input).text ?? null;
    setFieldError(problem);
    if (problem) return;
    try {
      apply((await create.mutateAsync(input)).event);
      void navigate(`/question/${qid}`);
    } catch (err) {
      setServerError(prefixedError('Error while posting the answer', err));
    }
  };

  const code = question.isError ? errorCode(question.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST')
    return <Navigate to="/home" replace state={{ error: questionMessages.questionNotFound }} />;

  return (
    <div className="page form-page form-page--preview">
      <PageHeader
        title="Answer Question"
        subtitle={
          question.data ? (
            <>
              Answering <Link to={`/question/${qid}`}>{question.data.title}</Link>
            </>
          ) : null
        }
      />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextAreaField
          label="Answer Text"
          required
          rows={8}
          value={text}
          error={fieldError}
          onChange={(e) => {
            setText(e.target.value);
            if (fieldError) setFieldError(null);
          }}
          autoFocus
        />
        <div className="form-page__footer">
          <Button type="submit" busy={create.isPending}>
            Post Answer
          </Button>
          <p className="form-page__note">{questionMessages.mandatory}</p>
        </div>
        {serverError && <Alert>{serverError}</Alert>}
      </form>
      <MarkdownPreview text={text} />
    </div>
  );
}
