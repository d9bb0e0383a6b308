import { editMessages, formErrors, questionMessages, UpdateAnswerInput } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  ButtonLink,
  LoadingState,
  PageHeader,
  TextAreaField,
} from '../../components';
import { useUserContext } from '../../auth/context';
import { MarkdownPreview } from '../../components/markdown/MarkdownPreview';
import { LeaveFormDialog } from '../../components/post-form/LeaveFormDialog';
import { useLeaveGuard } from '../../hooks/useLeaveGuard';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useApplyQuestionEvent } from '../../hooks/useQuestionCache';
import { errorCode, prefixedError } from '../../lib/errors';
import { parseQid, type AnswerView } from '../../lib/questionCache';
import { trpc } from '../../trpc';

/**
 * Edit Answer (/question/:qid/answer/:answerId/edit): the author's answer text, checked with the
 * server's own schema (the same rules and words as answering); saving keeps a revision and returns to
 * the question. Anyone else is told they cannot edit it.
 */
export default function EditAnswerPage() {
  useDocumentTitle(editMessages.editAnswer);
  const params = useParams();
  const qid = parseQid(params.qid);
  const answerId = parseQid(params.answerId);
  if (qid === null || answerId === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <EditAnswer key={`${qid}/${answerId}`} qid={qid} answerId={answerId} />;
}

function EditAnswer({ qid, answerId }: { qid: number; answerId: number }) {
  const question = trpc.question.byId.useQuery({ qid });
  const { user } = useUserContext();
  const code = question.isError ? errorCode(question.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST')
    return <Navigate to="/home" replace state={{ error: questionMessages.questionNotFound }} />;
  if (question.isPending) return <LoadingState label="Loading answer..." />;
  if (!question.data)
    return (
      <div className="page">
        <Alert>{prefixedError('Error when fetching the question', question.error)}</Alert>
      </div>
    );
  const answer = question.data.answers.find((candidate) => candidate.id === answerId);
  const back = `/question/${qid}`;
  if (!answer || answer.ansBy !== user.username)
    return (
      <div className="page form-page">
        <PageHeader title={editMessages.editAnswer} />
        <Alert>
          {answer ? editMessages.onlyAuthorEditsAnswer : questionMessages.answerNotFound}
        </Alert>
        <p>
          <Link to={back}>{question.data.title}</Link>
        </p>
      </div>
    );
  return <AnswerEditForm answer={answer} qid={qid} title={question.data.title} />;
}

function AnswerEditForm({
  answer,
  qid,
  title,
}: {
  answer: AnswerView;
  qid: number;
  title: string;
}) {
  const navigate = useNavigate();
  const apply = useApplyQuestionEvent();
  const update = trpc.answer.update.useMutation();
  const back = `/question/${qid}`;
  const [text, setText] = useState(answer.text);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const guard = useLeaveGuard(text !== answer.text);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = { answerId: answer.id, text: text.trim() };
    const problem = formErrors(UpdateAnswerInput, input).text ?? null;
    setFieldError(problem);
    if (problem) return;
    try {
      apply((await update.mutateAsync(input)).event);
      guard.allowLeaving();
      void navigate(back);
    } catch (err) {
      setServerError(prefixedError(editMessages.editFailed, err));
    }
  };

  return (
    <div className="page form-page form-page--preview">
      <PageHeader
        title={editMessages.editAnswer}
        subtitle={
          <>
            Answer to <Link to={back}>{title}</Link>
          </>
        }
      />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextAreaField
          label="Answer Text"
          required
          rows={10}
          className="input--code"
          value={text}
          error={fieldError}
          onChange={(e) => {
            setText(e.target.value);
            if (fieldError) setFieldError(null);
          }}
        />
        <div className="form-page__footer">
          <Button type="submit" busy={update.isPending}>
            {editMessages.saveEdits}
          </Button>
          <ButtonLink to={back} variant="ghost">
            {editMessages.cancel}
          </ButtonLink>
          <p className="form-page__note">{questionMessages.mandatory}</p>
        </div>
        {serverError && <Alert>{serverError}</Alert>}
      </form>
      <MarkdownPreview text={text} />
      <LeaveFormDialog guard={guard} />
    </div>
  );
}
