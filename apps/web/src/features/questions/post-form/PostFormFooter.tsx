import { editMessages, questionMessages } from '@app/validators';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../shared/components/Button';

export interface PostFormFooterProps {
  submitLabel: string;
  busy: boolean;
  /** Where Cancel goes (edit forms); no Cancel link without it. */
  cancelTo?: string;
  /** After the mandatory-fields note (the draft's status on new posts). */
  children?: ReactNode;
}

/** A post form's last row: submit, Cancel on edit forms, the mandatory-fields note, then extras. */
export function PostFormFooter({ submitLabel, busy, cancelTo, children }: PostFormFooterProps) {
  return (
    <div className="form-page__footer">
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      {cancelTo !== undefined && (
        <ButtonLink to={cancelTo} variant="ghost">
          {editMessages.cancel}
        </ButtonLink>
      )}
      <p className="form-page__note">{questionMessages.mandatory}</p>
      {children}
    </div>
  );
}
