import {
  editMessages,
  formErrors,
  parseTagNames,
  questionMessages,
  TITLE_MAX,
  UpdateQuestionInput,
} from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Button,
  ButtonLink,
  LoadingState,
  PageHeader,
  TextAreaField,
  TextField,
} from '../../components';
import { useUserContext } from '../../auth/context';
import { MarkdownPreview } from '../../components/markdown/MarkdownPreview';
import { LeaveFormDialog } from '../../components/post-form/LeaveFormDialog';
import { useLeaveGuard } from '../../hooks/useLeaveGuard';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useApplyQuestionEvent } from '../../hooks/useQuestionCache';
import { errorCode, prefixedError } from '../../lib/errors';
import { parseQid, type QuestionDetail } from '../../lib/questionCache';
import { trpc } from '../../trpc';

type Field = 'title' | 'text' | 'tags';

/**
 * Edit Question (/question/:qid/edit): the asker's title, text and tags, checked with the server's
 * own schema (the same rules and words as asking). Saving keeps a revision and returns to the
 * question, which every open page shows at once. Anyone else is told they cannot edit it.
 */
export default function EditQuestionPage() {
  useDocumentTitle(editMessages.editQuestion);
  const qid = parseQid(useParams().qid);
  if (qid === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <EditQuestion key={qid} qid={qid} />;
}

function EditQuestion({ qid }: { qid: number }) {
  const question = trpc.question.byId.useQuery({ qid });
  const { user } = useUserContext();
  const code = question.isError ? errorCode(question.error) : null;
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST')
    return <Navigate to="/home" replace state={{ error: questionMessages.questionNotFound }} />;
  if (question.isPending) return <LoadingState label="Loading question..." />;
  if (!question.data)
    return (
      <div className="page">
        <Alert>{prefixedError('Error when fetching the question', question.error)}</Alert>
      </div>
    );
  if (question.data.askedBy !== user.username)
    return (
      <div className="page form-page">
        <PageHeader title={editMessages.editQuestion} />
        <Alert>{editMessages.onlyAuthorEditsQuestion}</Alert>
        <p>
          <Link to={`/question/${qid}`}>{question.data.title}</Link>
        </p>
      </div>
    );
  return <QuestionEditForm question={question.data} />;
}

function QuestionEditForm({ question }: { question: QuestionDetail }) {
  const navigate = useNavigate();
  const apply = useApplyQuestionEvent();
  const update = trpc.question.update.useMutation();
  const back = `/question/${question.id}`;
  const [fields, setFields] = useState<Record<Field, string>>({
    title: question.title,
    text: question.text,
    tags: question.tags.map((tag) => tag.name).join(' '),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const original = question.tags.map((tag) => tag.name).join(' ');
  const guard = useLeaveGuard(
    fields.title !== question.title || fields.text !== question.text || fields.tags !== original,
  );

  const set = (field: Field) => (value: string) => {
    setFields((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = {
      qid: question.id,
      title: fields.title.trim(),
      text: fields.text.trim(),
      tags: parseTagNames(fields.tags),
    };
    const problems = formErrors(UpdateQuestionInput, input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
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
        title={editMessages.editQuestion}
        subtitle={
          <>
            Editing <Link to={back}>{question.title}</Link>
          </>
        }
      />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="Question Title"
          required
          hint={`Limit title to ${TITLE_MAX} characters or less`}
          value={fields.title}
          error={errors.title}
          onChange={(e) => set('title')(e.target.value)}
        />
        <TextAreaField
          label="Question Text"
          required
          hint="Add details"
          rows={10}
          className="input--code"
          value={fields.text}
          error={errors.text}
          onChange={(e) => set('text')(e.target.value)}
        />
        <TextField
          label="Tags"
          required
          hint="Add keywords separated by whitespace"
          autoCapitalize="none"
          spellCheck={false}
          value={fields.tags}
          error={errors.tags}
          onChange={(e) => set('tags')(e.target.value)}
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
      <MarkdownPreview text={fields.text} />
      <LeaveFormDialog guard={guard} />
    </div>
  );
}
