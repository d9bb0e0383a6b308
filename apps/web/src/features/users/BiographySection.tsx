import { BIOGRAPHY_MAX, formError, UpdateBiographyInput, userMessages } from '@app/validators';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../shared/session/context';
import { Alert, Button, Card, TextAreaField } from '../../shared/components';
import { useApplyUserEvent } from './cache';
import { prefixedError } from '../../shared/lib/errors';
import { trpc } from '../../trpc';

export interface BiographySectionProps {
  profile: CurrentUser;
  /** Only the owner can edit. */
  canEdit: boolean;
  /** Called with the saved user (to refresh the signed-in user). */
  onSaved: (user: CurrentUser) => void;
}

/** Biography text ('No biography yet.' when empty); the owner edits it with Save / Cancel. */
export function BiographySection({ profile, canEdit, onSaved }: BiographySectionProps) {
  const applyUserEvent = useApplyUserEvent();
  const update = trpc.user.updateBiography.useMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const startEditing = () => {
    setDraft(profile.biography);
    setMessage(null);
    setEditing(true);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { username: profile.username, biography: draft };
    const problem = formError(UpdateBiographyInput, input);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    try {
      const { user: saved, event } = await update.mutateAsync(input);
      applyUserEvent(event.payload);
      onSaved(saved);
      setEditing(false);
      setMessage({ tone: 'success', text: userMessages.biographyDone });
    } catch (err) {
      setMessage({ tone: 'error', text: prefixedError(userMessages.biographyFailed, err, ' ') });
    }
  };

  return (
    <Card title="Biography">
      {editing ? (
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextAreaField
            label="Biography"
            hideLabel
            rows={4}
            hint={`Tell others about yourself (up to ${BIOGRAPHY_MAX} characters).`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoFocus
          />
          <div className="button-row">
            <Button type="submit" busy={update.isPending}>
              Save
            </Button>
            <Button
              variant="secondary"
              onClick={() => setEditing(false)}
              disabled={update.isPending}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          {profile.biography ? (
            <p className="profile__bio">{profile.biography}</p>
          ) : (
            <p className="profile__bio profile__bio--empty">{userMessages.noBiography}</p>
          )}
          {canEdit && (
            <div className="button-row">
              <Button variant="secondary" size="sm" onClick={startEditing}>
                Edit biography
              </Button>
            </div>
          )}
        </>
      )}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </Card>
  );
}
