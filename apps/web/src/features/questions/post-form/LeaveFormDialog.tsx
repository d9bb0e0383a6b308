import { postFormMessages } from '@app/validators';
import type { LeaveGuard } from './useLeaveGuard';
import { Button } from '../../../shared/components/Button';
import { Modal } from '../../../shared/components/Modal';

/** The question a blocked navigation asks: stay on the form, or leave (the draft stays kept). */
export function LeaveFormDialog({ guard }: { guard: LeaveGuard }) {
  const { blocker } = guard;
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={postFormMessages.leaveTitle}
      onClose={() => blocker.reset()}
      actions={
        <>
          <Button variant="secondary" onClick={() => blocker.reset()}>
            {postFormMessages.stay}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              // Nothing asks again on the way out (a quick Back before the page has gone).
              guard.allowLeaving();
              blocker.proceed();
            }}
          >
            {postFormMessages.leave}
          </Button>
        </>
      }
    >
      <p>{postFormMessages.leaveBody}</p>
    </Modal>
  );
}
