import { editMessages, formErrors, questionMessages, UpdateAnswerInput } from '@app/validators';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { TextAreaField } from '../../shared/components';
import { useUserContext } from '../../shared/session/context';
import { useLeaveGuard } from './post-form/useLeaveGuard';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { type AnswerView } from './questionCache';
import { parseId } from '../../shared/lib/parseId';
import { trpc } from '../../trpc';
import { EditPostForm } from './EditPostForm';
import { EditRefused, QuestionToEdit } from './QuestionToEdit';

/**
 * Edit Answer (/question/:qid/answer/:answerId/edit): the author's answer text, checked with the
 * server's own schema (the same rules and words as answering); saving keeps a revision and returns to
 * the question. Anyone else is told they cannot edit it.
 */
export default function EditAnswerPage() {
  useDocumentTitle(editMessages.editAnswer);
  const params = useParams();
  const qid = parseId(params.qid);
  const answerId = parseId(params.answerId);
  if (qid === null || answerId === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <EditAnswer key={`${qid}/${answerId}`} qid={qid} answerId={answerId} />;
}

function EditAnswer({ qid, answerId }: { qid: number; answerId: number }) {
  const { user } = useUserContext();
  return (
    <QuestionToEdit qid={qid} loadingLabel="Loading answer...">
      {(question) => {
        const answer = question.answers.find((candidate) => candidate.id === answerId);
        if (!answer || answer.ansBy !== user.username)
          return (
            <EditRefused
              title={editMessages.editAnswer}
              reason={answer ? editMessages.onlyAuthorEditsAnswer : questionMessages.answerNotFound}
              question={question}
            />
          );
        return <AnswerEditForm answer={answer} qid={qid} title={question.title} />;
      }}
    </QuestionToEdit>
  );
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
  const update = trpc.answer.update.useMutation();
  const back = `/question/${qid}`;
  const [text, setText] = useState(answer.text);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const guard = useLeaveGuard(text !== answer.text);
  const input = { answerId: answer.id, text: text.trim() };

  return (
    <EditPostForm
      title={editMessages.editAnswer}
      subtitle={
        <>
          Answer to <Link to={back}>{title}</Link>
        </>
      }
      back={back}
      previewText={text}
      guard={guard}
      busy={update.isPending}
      check={() => {
        const problem = formErrors(UpdateAnswerInput, input).text ?? null;
        setFieldError(problem);
        return problem !== null;
      }}
      save={() => update.mutateAsync(input)}
    >
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
    </EditPostForm>
  );
}
