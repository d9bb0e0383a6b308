import { userMessages } from '@app/validators';
import { useState } from 'react';
import { useUserContext } from '../../shared/session/context';
import { Alert, Button, Card, Modal } from '../../shared/components';
import { prefixedError } from '../../shared/lib/errors';

/** Owner only: 'Delete This User' behind a confirmation dialog; Confirm deletes and signs out (SPEC §4). */
export function DangerZoneSection({ username }: { username: string }) {
  const { deleteAccount } = useUserContext();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(); // signed out: the route guard takes us to /, which shows the notice
    } catch (err) {
      setError(prefixedError(userMessages.deleteFailed, err, ' '));
      setBusy(false);
    }
  };

  return (
    <Card title="Danger Zone" tone="danger">
      <p className="muted">
        Deleting your account signs you out everywhere and cannot be undone. Your questions and
        answers stay on the site.
      </p>
      <div className="button-row">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete This User
        </Button>
      </div>
      {open && (
        <Modal
          title="Delete user"
          onClose={close}
          initialFocus="[data-autofocus]"
          actions={
            <>
              <Button variant="danger" onClick={() => void confirm()} busy={busy}>
                Confirm
              </Button>
              <Button variant="secondary" onClick={close} disabled={busy} data-autofocus>
                Cancel
              </Button>
            </>
          }
        >
          <p>{userMessages.deleteConfirm(username)}</p>
          {error && <Alert>{error}</Alert>}
        </Modal>
      )}
    </Card>
  );
}
