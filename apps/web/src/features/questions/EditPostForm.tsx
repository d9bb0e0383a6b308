import { editMessages } from '@app/validators';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, PageHeader } from '../../shared/components';
import { MarkdownPreview } from '../../shared/components/markdown/MarkdownPreview';
import { LeaveFormDialog } from './post-form/LeaveFormDialog';
import { PostFormFooter } from './post-form/PostFormFooter';
import { usePostSubmit } from './post-form/usePostSubmit';
import type { LeaveGuard } from './post-form/useLeaveGuard';
import { useApplyQuestionEvent } from './cache';

type QuestionEvent = Parameters<ReturnType<typeof useApplyQuestionEvent>>[0];

export interface EditPostFormProps {
  title: string;
  subtitle: ReactNode;
  /** The question's page: Cancel and a saved edit go there. */
  back: string;
  /** The text the preview renders. */
  previewText: string;
  guard: LeaveGuard;
  busy: boolean;
  /** Runs the form's own check (showing its errors); true when it refused. */
  check: () => boolean;
  /** Saves the edit; its event updates the cached question at once. */
  save: () => Promise<{ event: QuestionEvent }>;
  /** The post's fields. */
  children: ReactNode;
}

/**
 * An edit page's form (question or answer): the fields, Save Edits and Cancel, the server's refusal,
 * the preview and the leave dialog. A saved edit returns to the question.
 */
export function EditPostForm({
  title,
  subtitle,
  back,
  previewText,
  guard,
  busy,
  check,
  save,
  children,
}: EditPostFormProps) {
  const navigate = useNavigate();
  const apply = useApplyQuestionEvent();
  const { serverError, submit } = usePostSubmit(editMessages.editFailed);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(check(), async () => {
      apply((await save()).event);
      guard.allowLeaving();
      void navigate(back);
    });
  };

  return (
    <div className="page form-page form-page--preview">
      <PageHeader title={title} subtitle={subtitle} />
      <form className="form card" onSubmit={(e) => void onSubmit(e)} noValidate>
        {children}
        <PostFormFooter submitLabel={editMessages.saveEdits} busy={busy} cancelTo={back} />
        {serverError && <Alert>{serverError}</Alert>}
      </form>
      <MarkdownPreview text={previewText} />
      <LeaveFormDialog guard={guard} />
    </div>
  );
}
