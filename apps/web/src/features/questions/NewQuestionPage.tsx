import {
  CreateQuestionInput,
  formErrors,
  parseTagNames,
  TITLE_COUNTER_FROM,
  TITLE_MAX,
} from '@app/validators';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUserContext } from '../../shared/session/context';
import { Alert, PageHeader, TextField } from '../../shared/components';
import { MarkdownPreview } from '../../shared/components/markdown/MarkdownPreview';
import { CharacterCounter, TagsCounter } from './post-form/CharacterCounter';
import { useFieldVisits } from '../../shared/components/form/useFieldVisits';
import { CountedTextArea } from './post-form/CountedTextArea';
import { DraftStatus } from './post-form/DraftStatus';
import { LeaveFormDialog } from './post-form/LeaveFormDialog';
import { usePostSubmit } from './post-form/usePostSubmit';
import { sendForms, sendWithKey } from './post-form/sendWithKey';
import { PostFormFooter } from './post-form/PostFormFooter';
import { TagInput } from './post-form/TagInput';
import { useFocusFirstError } from './post-form/useFocusFirstError';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { SimilarQuestions } from './SimilarQuestions';
import { draftKeys, hasText, useDraft } from './post-form/useDraft';
import { useLeaveGuard } from './post-form/useLeaveGuard';
import { useApplyQuestionEvent } from './cache';
import { trpc } from '../../trpc';

type Field = 'title' | 'text' | 'tags';

const EMPTY: Record<Field, string> = { title: '', text: '', tags: '' };

/**
 * New question (/new/question, SPEC §2, §5): title, text and tags, checked here with the server's own
 * schema (so in its words) before the server sees them; a refused submit focuses the first field to
 * fix. Counters show near the limits, tags are suggested as they are typed, the typed text is kept as
 * a draft in this browser (per user) and leaving with it asks first. On success the question is
 * already in the cached lists, the draft is gone and the app goes to /home.
 */
export default function NewQuestionPage() {
  useDocumentTitle('Ask a Question');
  const navigate = useNavigate();
  const create = trpc.question.create.useMutation();
  const apply = useApplyQuestionEvent();
  const utils = trpc.useUtils();
  const { user } = useUserContext();
  const draft = useDraft(draftKeys.question(user.username), EMPTY);
  const fields = draft.values;
  const guard = useLeaveGuard(hasText(fields));
  const { formRef, focusFirstError } = useFocusFirstError();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { serverError, submit } = usePostSubmit('Error while posting the question');
  const ids = { title: useId(), tags: useId() };

  const set = (field: Field) => (value: string) => {
    draft.setValues((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const input = {
    title: fields.title.trim(),
    text: fields.text.trim(),
    tags: parseTagNames(fields.tags),
  };
  const onLeaveField = useFieldVisits((field) => {
    if (field !== 'title' && field !== 'text' && field !== 'tags') return;
    const problem = formErrors(CreateQuestionInput, input)[field];
    setErrors((old) => ({ ...old, [field]: problem }));
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = formErrors(CreateQuestionInput, input);
    setErrors(problems);
    const refused = Object.keys(problems).length > 0;
    if (refused) focusFirstError();
    await submit(refused, async () => {
      const { event: created } = await sendWithKey(sendForms.question(), input, (sendKey) =>
        create.mutateAsync({ ...input, sendKey }),
      );
      draft.clear();
      guard.allowLeaving();
      // No event: an earlier send that timed out had asked it already; the lists read it afresh.
      if (created) apply(created);
      else void utils.question.list.invalidate();
      void navigate('/home');
    });
  };

  return (
    <div className="page form-page form-page--preview">
      <PageHeader title="Ask a Question" />
      <form
        ref={formRef}
        className="form card post-form"
        onSubmit={(e) => void onSubmit(e)}
        onBlur={onLeaveField}
        noValidate
      >
        <div className="counted-field">
          <TextField
            label="Question Title"
            required
            hint={`Limit title to ${TITLE_MAX} characters or less`}
            data-field="title"
            value={fields.title}
            error={errors.title}
            aria-describedby={ids.title}
            onChange={(e) => set('title')(e.target.value)}
            autoFocus
          />
          <CharacterCounter
            id={ids.title}
            value={fields.title}
            max={TITLE_MAX}
            from={TITLE_COUNTER_FROM}
          />
        </div>
        <SimilarQuestions title={fields.title} />
        <CountedTextArea
          label="Question Text"
          field="text"
          hint="Add details"
          value={fields.text}
          error={errors.text}
          onChange={set('text')}
        />
        <div className="counted-field" data-field="tags">
          <TagInput
            value={fields.tags}
            error={errors.tags}
            describedBy={ids.tags}
            onChange={set('tags')}
          />
          <TagsCounter id={ids.tags} value={fields.tags} />
        </div>
        <PostFormFooter submitLabel="Post Question" busy={create.isPending}>
          <DraftStatus
            restored={draft.restored}
            saved={draft.saved}
            onDiscard={() => {
              draft.discard();
              setErrors({});
            }}
          />
        </PostFormFooter>
        {serverError && <Alert>{serverError}</Alert>}
      </form>
      <MarkdownPreview text={fields.text} />
      <LeaveFormDialog guard={guard} />
    </div>
  );
}
