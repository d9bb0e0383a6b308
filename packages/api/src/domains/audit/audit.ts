import { flags, moderatorActions } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { WriteScope } from '../../core/write';

/** What flags and moderator actions can be about: the table of the target's id. */
export type FlagTarget =
  'question' | 'answer' | 'comment' | 'global_message' | 'chat_message' | 'problem';
export type ModerationTarget = FlagTarget | 'user';

export interface ModeratorAction {
  moderatorId: number;
  /** 'delete', 'undelete', 'close', 'reopen', 'dismiss-flags', 'suspend', 'unsuspend', … */
  action: string;
  targetKind: ModerationTarget;
  targetId: number;
  /** The user the action was about (the post's author, the suspended user). */
  targetUserId: number | null;
  details?: string;
}

/**
 * Writes one row of the audit log, in the moderator's write: every moderator action goes through
 * here, so none is done without its row.
 */
export async function recordModeratorAction(
  { tx, now }: Pick<WriteScope, 'tx' | 'now'>,
  action: ModeratorAction,
): Promise<void> {
  await tx
    .insert(moderatorActions)
    .values({ ...action, details: action.details ?? '', createdAt: now });
}

/**
 * Closes the pending flags on one item: 'handled' when a moderator acted on it (deleted it, say),
 * 'dismissed' when they found nothing wrong. Answers how many were pending.
 */
export async function settleFlags(
  { tx, now }: Pick<WriteScope, 'tx' | 'now'>,
  target: { kind: FlagTarget; id: number },
  moderatorId: number,
  status: 'handled' | 'dismissed',
): Promise<number> {
  const settled = await tx
    .update(flags)
    .set({ status, handledBy: moderatorId, handledAt: now })
    .where(
      and(
        eq(flags.targetKind, target.kind),
        eq(flags.targetId, target.id),
        eq(flags.status, 'pending'),
      ),
    )
    .returning({ id: flags.id });
  return settled.length;
}
