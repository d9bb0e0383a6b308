import { CreateAnswerInput, formErrors, questionMessages } from '@app/validators';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useUserContext } from '../../shared/session/context';
import { Alert, PageHeader } from '../../shared/components';
import { MarkdownPreview } from '../../shared/components/markdown/MarkdownPreview';
import { useFieldVisits } from '../../shared/components/form/useFieldVisits';
import { CountedTextArea } from './post-form/CountedTextArea';
import { DraftStatus } from './post-form/DraftStatus';
import { LeaveFormDialog } from './post-form/LeaveFormDialog';
import { usePostSubmit } from './post-form/usePostSubmit';
import { sendForms, sendWithKey } from './post-form/sendWithKey';
import { PostFormFooter } from './post-form/PostFormFooter';
import { useFocusFirstError } from './post-form/useFocusFirstError';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { draftKeys, hasText, useDraft } from './post-form/useDraft';
import { useLeaveGuard } from './post-form/useLeaveGuard';
import { useApplyQuestionEvent } from './cache';
import { errorCode } from '../../shared/lib/errors';
import { parseId } from '../../shared/lib/parseId';
import { trpc } from '../../trpc';

/**
 * New answer (/new/answer/:qid, SPEC §2, §5): 'Answer Text' and Post Answer; on success back to the
 * question. A missing or invalid id goes to /home with 'Question ID is missing.'. The text is kept as a
 * draft in this browser (per user and question) until it is posted, and leaving with it asks first.
 */
export default function NewAnswerPage() {
  useDocumentTitle('Answer Question');
  const qid = parseId(useParams().qid);
  if (qid === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <AnswerForm key={qid} qid={qid} />;
}

const EMPTY = { text: '' };

function AnswerForm({ qid }: { qid: number }) {
  const navigate = useNavigate();
  const apply = useApplyQuestionEvent();
  const utils = trpc.useUtils();
  // The question's title, for context (and to leave when it does not exist).
  const question = trpc.question.byId.useQuery({ qid });
  const create = trpc.answer.create.useMutation();
  const { user } = useUserContext();
  const draft = useDraft(draftKeys.answer(user.username, qid), EMPTY);
  const { text } = draft.values;
  const code = question.isError ? errorCode(question.error) : null;
  const missing = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  const guard = useLeaveGuard(hasText(draft.values) && !missing);
  const { formRef, focusFirstError } = useFocusFirstError();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { serverError, submit } = usePostSubmit('Error while posting the answer');

  const input = { qid, text: text.trim() };
  const onLeaveField = useFieldVisits(() =>
    setFieldError(formErrors(CreateAnswerInput, input).text ?? null),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = formErrors(CreateAnswerInput, input).text ?? null;
    setFieldError(problem);
    if (problem) focusFirstError();
    await submit(problem !== null, async () => {
      const { event: created } = await sendWithKey(sendForms.answer(qid), input, (sendKey) =>
        create.mutateAsync({ ...input, sendKey }),
      );
      draft.clear();
      guard.allowLeaving();
      // No event: an earlier send that timed out had posted it already; the question reads it afresh.
      if (created) apply(created);
      else void utils.question.byId.invalidate({ qid });
      // Replace the form in the history: Back must not return to it, filled in.
      void navigate(`/question/${qid}`, { replace: true });
    });
  };

  if (missing)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionDoesNotExist }} />;

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
      <form
        ref={formRef}
        className="form card post-form"
        onSubmit={(e) => void onSubmit(e)}
        onBlur={onLeaveField}
        noValidate
      >
        <CountedTextArea
          label="Answer Text"
          field="text"
          value={text}
          error={fieldError}
          onChange={(value) => {
            draft.setValues(() => ({ text: value }));
            if (fieldError) setFieldError(null);
          }}
          autoFocus
        />
        <PostFormFooter submitLabel="Post Answer" busy={create.isPending}>
          <DraftStatus
            restored={draft.restored}
            saved={draft.saved}
            onDiscard={() => {
              draft.discard();
              setFieldError(null);
            }}
          />
        </PostFormFooter>
        {serverError && <Alert>{serverError}</Alert>}
      </form>
      <MarkdownPreview text={text} />
      <LeaveFormDialog guard={guard} />
    </div>
  );
}
