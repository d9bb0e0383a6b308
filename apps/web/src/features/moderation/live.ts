import type { AccountEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { keyedResumePoints, useResumableStream } from '../../shared/hooks/useResumableStream';
import { useUserContext, type CurrentUser } from '../../shared/session/context';
import { trpc } from '../../trpc';

const accountPoint = keyedResumePoints<string>();

/** The signed-in user after an account event: the suspension it starts or ends. */
export function applyAccountEvent(user: CurrentUser, event: AccountEvent): CurrentUser {
  if (event.username !== user.username) return user;
  return event.type === 'suspended'
    ? { ...user, suspendedUntil: event.suspendedUntil, suspensionReason: event.reason }
    : { ...user, suspendedUntil: null, suspensionReason: null };
}

/**
 * Keeps the signed-in user's suspension current from account.onChange: a moderator's suspension
 * reaches every open page at once (the banner). Mount it once, in the frame.
 */
export function useLiveAccount(): void {
  const utils = trpc.useUtils();
  const stream = useResumableStream<AccountEvent>({
    resumePoint: accountPoint(useUserContext().user.username),
    reads: [getQueryKey(trpc.auth.me, undefined, 'query')],
    readsUnderWay: 'leave',
    onEvent: ({ data }) =>
      utils.auth.me.setData(undefined, (user) => (user ? applyAccountEvent(user, data) : user)),
  });
  trpc.account.onChange.useSubscription(stream.input, stream.handlers);
}
