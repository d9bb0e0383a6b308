import type { AccountEvent } from '@app/api';
import { getQueryKey } from '@trpc/react-query';
import { keyedResumePoints, useResumableStream } from '../../shared/hooks/useResumableStream';
import { useUserContext, type CurrentUser } from '../../shared/session/context';
import { trpc } from '../../trpc';

const accountPoint = keyedResumePoints<string>();

/** The signed-in user after an account event: the suspension it starts or ends, their role. */
export function applyAccountEvent(user: CurrentUser, event: AccountEvent): CurrentUser {
  if (event.username !== user.username) return user;
  switch (event.type) {
    case 'suspended':
      return { ...user, suspendedUntil: event.suspendedUntil, suspensionReason: event.reason };
    case 'unsuspended':
      return { ...user, suspendedUntil: null, suspensionReason: null };
    case 'role':
      return { ...user, role: event.role };
  }
}

/**
 * Keeps the signed-in user's suspension and role current from account.onChange: a moderator's
 * suspension reaches every open page at once (the banner), a granted role the moderators' links.
 * Mount it once, in the frame.
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
