import {
  editMessages,
  formErrors,
  parseTagNames,
  questionMessages,
  TITLE_MAX,
  UpdateQuestionInput,
} from '@app/validators';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { TextAreaField, TextField } from '../../shared/components';
import { useUserContext } from '../../shared/session/context';
import { useLeaveGuard } from './post-form/useLeaveGuard';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { type QuestionDetail } from './questionCache';
import { parseId } from '../../shared/lib/parseId';
import { trpc } from '../../trpc';
import { EditPostForm } from './EditPostForm';
import { EditRefused, QuestionToEdit } from './QuestionToEdit';

type Field = 'title' | 'text' | 'tags';

/**
 * Edit Question (/question/:qid/edit): the asker's title, text and tags, checked with the server's
 * own schema (the same rules and words as asking). Saving keeps a revision and returns to the
 * question, which every open page shows at once. Anyone else is told they cannot edit it.
 */
export default function EditQuestionPage() {
  useDocumentTitle(editMessages.editQuestion);
  const qid = parseId(useParams().qid);
  if (qid === null)
    return <Navigate to="/home" replace state={{ error: questionMessages.questionIdMissing }} />;
  return <EditQuestion key={qid} qid={qid} />;
}

function EditQuestion({ qid }: { qid: number }) {
  const { user } = useUserContext();
  return (
    <QuestionToEdit qid={qid} loadingLabel="Loading question...">
      {(question) =>
        question.askedBy !== user.username ? (
          <EditRefused
            title={editMessages.editQuestion}
            reason={editMessages.onlyAuthorEditsQuestion}
            question={question}
          />
        ) : (
          <QuestionEditForm question={question} />
        )
      }
    </QuestionToEdit>
  );
}

function QuestionEditForm({ question }: { question: QuestionDetail }) {
  const update = trpc.question.update.useMutation();
  const back = `/question/${question.id}`;
  const [fields, setFields] = useState<Record<Field, string>>({
    title: question.title,
    text: question.text,
    tags: question.tags.map((tag) => tag.name).join(' '),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const original = question.tags.map((tag) => tag.name).join(' ');
  const guard = useLeaveGuard(
    fields.title !== question.title || fields.text !== question.text || fields.tags !== original,
  );

  const set = (field: Field) => (value: string) => {
    setFields((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const input = {
    qid: question.id,
    title: fields.title.trim(),
    text: fields.text.trim(),
    tags: parseTagNames(fields.tags),
  };

  return (
    <EditPostForm
      title={editMessages.editQuestion}
      subtitle={
        <>
          Editing <Link to={back}>{question.title}</Link>
        </>
      }
      back={back}
      previewText={fields.text}
      guard={guard}
      busy={update.isPending}
      check={() => {
        const problems = formErrors(UpdateQuestionInput, input);
        setErrors(problems);
        return Object.keys(problems).length > 0;
      }}
      save={() => update.mutateAsync(input)}
    >
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
    </EditPostForm>
  );
}
