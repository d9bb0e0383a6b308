import { moderationMessages } from '@app/validators';
import { Alert } from '../../shared/components';
import { useNow } from '../../shared/hooks/useNow';
import { useUserContext } from '../../shared/session/context';
import { useLiveAccount } from './live';

/**
 * "Your account is suspended until …" on every page while it lasts; it comes and goes live, and
 * ends by itself at its date (the server refuses writes until then, on every door).
 */
export function SuspensionBanner() {
  useLiveAccount();
  const { user } = useUserContext();
  const now = useNow(60_000, user);
  const until = user.suspendedUntil;
  if (!until || until.getTime() <= now) return null;
  return (
    <Alert className="suspension-banner">
      {moderationMessages.suspendedBanner(until, user.suspensionReason ?? '')}
    </Alert>
  );
}

/** Whether the signed-in user may not write now (for write buttons). */
export function useSuspended(): boolean {
  const { user } = useUserContext();
  const now = useNow(60_000, user);
  return !!user.suspendedUntil && user.suspendedUntil.getTime() > now;
}
