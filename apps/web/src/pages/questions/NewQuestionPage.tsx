import {
  CreateQuestionInput,
  formErrors,
  parseTagNames,
  questionMessages,
  TITLE_MAX,
} from '@app/validators';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, PageHeader, TextAreaField, TextField } from '../../components';
import { MarkdownPreview } from '../../components/markdown/MarkdownPreview';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useApplyQuestionEvent } from '../../hooks/useQuestionCache';
import { prefixedError } from '../../lib/errors';
import { trpc } from '../../trpc';

type Field = 'title' | 'text' | 'tags';

/**
 * New question (/new/question, SPEC §2, §5): title, text and tags, checked here with the server's own
 * schema (so in its words) before the server sees them. On success the question is already in the
 * cached lists and the app goes to /home.
 */
export default function NewQuestionPage() {
  useDocumentTitle('Ask a Question');
  const navigate = useNavigate();
  const create = trpc.question.create.useMutation();
  const apply = useApplyQuestionEvent();
  const [fields, setFields] = useState<Record<Field, string>>({ title: '', text: '', tags: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const set = (field: Field) => (value: string) => {
    setFields((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const input = {
      title: fields.title.trim(),
      text: fields.text.trim(),
      tags: parseTagNames(fields.tags),
    };
    const problems = formErrors(CreateQuestionInput, input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      apply((await create.mutateAsync(input)).event);
      void navigate('/home');
    } catch (err) {
      setServerError(prefixedError('Error while posting the question', err));
    }
  };

  return (
    <div className="page form-page form-page--preview">
      <PageHeader title="Ask a Question" />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="Question Title"
          required
          hint={`Limit title to ${TITLE_MAX} characters or less`}
          value={fields.title}
          error={errors.title}
          onChange={(e) => set('title')(e.target.value)}
          autoFocus
        />
        <TextAreaField
          label="Question Text"
          required
          hint="Add details"
          rows={8}
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
          <Button type="submit" busy={create.isPending}>
            Post Question
          </Button>
          <p className="form-page__note">{questionMessages.mandatory}</p>
        </div>
        {serverError && <Alert>{serverError}</Alert>}
      </form>
      <MarkdownPreview text={fields.text} />
    </div>
  );
}
