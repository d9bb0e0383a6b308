import { firstRow, users } from '@app/db';
import { moderationMessages } from '@app/validators';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { recordModeratorAction, settleFlags, type FlagTarget } from '../audit/audit';
import type { AccountEvent } from './events';
import { existingItem, setHidden } from './targets';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Nothing wrong with the item: its pending flags are dismissed and, if flags hid it, it is shown
 * again. CONFLICT when no flag is pending (another moderator was quicker).
 */
export function dismissFlags(
  deps: ApiDeps,
  moderator: Viewer,
  target: { kind: FlagTarget; id: number },
): Promise<{ dismissed: number; item: { kind: FlagTarget; id: number } }> {
  return writeTransaction(deps, async (scope) => {
    const item = await existingItem(scope.tx, target);
    const dismissed = await settleFlags(scope, target, moderator.id, 'dismissed');
    if (dismissed === 0) {
      throw new Refusal({ code: 'CONFLICT', message: moderationMessages.noFlagsPending });
    }
    await setHidden(scope, item, false);
    await recordModeratorAction(scope, {
      moderatorId: moderator.id,
      action: 'dismiss-flags',
      targetKind: target.kind,
      targetId: target.id,
      targetUserId: item.authorId,
      details: `${dismissed} flag${dismissed === 1 ? '' : 's'}`,
    });
    return { dismissed, item: target };
  });
}

/**
 * A moderator keeps an item hidden (or hides it): the way to remove a message or a problem, which
 * have no deletion of their own. Its pending flags are handled.
 */
export function hideItem(
  deps: ApiDeps,
  moderator: Viewer,
  target: { kind: FlagTarget; id: number },
  hidden: boolean,
): Promise<{ hidden: boolean; item: { kind: FlagTarget; id: number } }> {
  return writeTransaction(deps, async (scope) => {
    const item = await existingItem(scope.tx, target);
    await setHidden(scope, item, hidden);
    const settled = hidden ? await settleFlags(scope, target, moderator.id, 'handled') : 0;
    await recordModeratorAction(scope, {
      moderatorId: moderator.id,
      action: hidden ? 'hide' : 'unhide',
      targetKind: target.kind,
      targetId: target.id,
      targetUserId: item.authorId,
      details: settled > 0 ? `${settled} flag${settled === 1 ? '' : 's'} handled` : '',
    });
    return { hidden, item: target };
  });
}

async function findUser(deps: ApiDeps, username: string) {
  const user = await firstRow(
    deps.db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        suspendedUntil: users.suspendedUntil,
      })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt))),
  );
  if (!user) throw new Refusal({ code: 'NOT_FOUND', message: moderationMessages.userNotFound });
  return user;
}

/**
 * Suspends a user for `days` days with a reason: they may read and sign in but not write until then
 * (writerProcedure compares the date on every call, so it ends by itself). Their open pages and
 * sockets hear it on the 'account' topic.
 */
export async function suspendUser(
  deps: ApiDeps,
  moderator: Viewer,
  input: { username: string; days: number; reason: string },
): Promise<{ username: string; suspendedUntil: Date; reason: string }> {
  const user = await findUser(deps, input.username);
  if (user.role === 'moderator') {
    throw new Refusal({ code: 'FORBIDDEN', message: moderationMessages.cannotSuspendModerator });
  }
  return writeTransaction(deps, async (scope) => {
    const { tx, now, publish } = scope;
    const suspendedUntil = new Date(now.getTime() + input.days * DAY_MS);
    await tx
      .update(users)
      .set({ suspendedUntil, suspensionReason: input.reason })
      .where(eq(users.id, user.id));
    await recordModeratorAction(scope, {
      moderatorId: moderator.id,
      action: 'suspend',
      targetKind: 'user',
      targetId: user.id,
      targetUserId: user.id,
      details: `${input.days} day${input.days === 1 ? '' : 's'}: ${input.reason}`,
    });
    const event: AccountEvent = {
      type: 'suspended',
      username: user.username,
      suspendedUntil,
      reason: input.reason,
    };
    publish('account', user.username, event);
    return { username: user.username, suspendedUntil, reason: input.reason };
  });
}

/** Ends a suspension before its time. CONFLICT when the user is not suspended. */
export async function unsuspendUser(
  deps: ApiDeps,
  moderator: Viewer,
  input: { username: string },
): Promise<{ username: string }> {
  const user = await findUser(deps, input.username);
  return writeTransaction(deps, async (scope) => {
    const { tx, now, publish } = scope;
    if (!user.suspendedUntil || user.suspendedUntil.getTime() <= now.getTime()) {
      throw new Refusal({ code: 'CONFLICT', message: moderationMessages.notSuspended });
    }
    await tx
      .update(users)
      .set({ suspendedUntil: null, suspensionReason: null })
      .where(eq(users.id, user.id));
    await recordModeratorAction(scope, {
      moderatorId: moderator.id,
      action: 'unsuspend',
      targetKind: 'user',
      targetId: user.id,
      targetUserId: user.id,
    });
    publish('account', user.username, { type: 'unsuspended', username: user.username });
    return { username: user.username };
  });
}
