import { flags, moderatorActions, users } from '@app/db';
import {
  LOG_PAGE_SIZE,
  REVIEW_PAGE_SIZE,
  type FlagReason,
  type ModerationPageInput,
} from '@app/validators';
import { and, desc, eq, inArray, lt, max } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import type { FlagTarget } from '../audit/audit';
import { excerpt } from './flags';
import { readItem, type ItemLocation } from './targets';

export interface QueueFlag {
  id: number;
  reason: FlagReason;
  note: string;
  flaggedBy: string;
  createdAt: Date;
}

/** One item of the review queue: the item in context and its pending flags, newest first. */
export interface QueueItem {
  kind: FlagTarget;
  id: number;
  author: string;
  title: string;
  /** The start of its text (at most 300 characters). */
  text: string;
  createdAt: Date;
  hidden: boolean;
  deleted: boolean;
  location: ItemLocation;
  flags: QueueFlag[];
  /** The newest pending flag's id: the queue's order and its cursor. */
  newestFlagId: number;
}

/** Flags shown per item; an item with more says how many in `flags.length` of the first page only. */
const FLAGS_PER_ITEM = 50;

/**
 * Pending flags grouped by item, the item with the newest flag first, a page of items at a time
 * (`cursor`: the last item's newestFlagId). An item that no longer exists is left out.
 */
export async function reviewQueue(
  { db }: ApiDeps,
  input: ModerationPageInput,
): Promise<{ items: QueueItem[]; nextCursor: number | null }> {
  const newest = max(flags.id);
  const groups = await db
    .select({ kind: flags.targetKind, id: flags.targetId, newest })
    .from(flags)
    .where(eq(flags.status, 'pending'))
    .groupBy(flags.targetKind, flags.targetId)
    .having(input.cursor ? lt(newest, input.cursor) : undefined)
    .orderBy(desc(newest))
    .limit(REVIEW_PAGE_SIZE + 1);
  const page = groups.slice(0, REVIEW_PAGE_SIZE);
  const items = await Promise.all(
    page.map(async (group): Promise<QueueItem | null> => {
      const kind = group.kind as FlagTarget;
      const item = await readItem(db, { kind, id: group.id });
      if (!item) return null;
      const pending = await db
        .select({
          id: flags.id,
          reason: flags.reason,
          note: flags.note,
          flaggedBy: users.username,
          createdAt: flags.createdAt,
        })
        .from(flags)
        .innerJoin(users, eq(users.id, flags.flaggedBy))
        .where(
          and(
            eq(flags.targetKind, kind),
            eq(flags.targetId, group.id),
            eq(flags.status, 'pending'),
          ),
        )
        .orderBy(desc(flags.id))
        .limit(FLAGS_PER_ITEM);
      return {
        kind,
        id: item.id,
        author: item.author,
        title: item.title,
        text: excerpt(item.text),
        createdAt: item.createdAt,
        hidden: item.hidden,
        deleted: item.deleted,
        location: item.location,
        flags: pending.map((flag) => ({ ...flag, reason: flag.reason as FlagReason })),
        newestFlagId: Number(group.newest ?? 0),
      };
    }),
  );
  const last = page.at(-1);
  return {
    items: items.filter((item) => item !== null),
    nextCursor: groups.length > REVIEW_PAGE_SIZE && last ? Number(last.newest ?? 0) : null,
  };
}

export interface LogEntry {
  id: number;
  moderator: string;
  action: string;
  targetKind: string;
  targetId: number;
  targetUser: string | null;
  details: string;
  createdAt: Date;
}

/** The audit log, newest first, a page at a time (`cursor`: the last entry's id). */
export async function moderationLog(
  { db }: ApiDeps,
  input: ModerationPageInput,
): Promise<{ items: LogEntry[]; nextCursor: number | null }> {
  const rows = await db
    .select({
      id: moderatorActions.id,
      moderator: users.username,
      action: moderatorActions.action,
      targetKind: moderatorActions.targetKind,
      targetId: moderatorActions.targetId,
      targetUserId: moderatorActions.targetUserId,
      details: moderatorActions.details,
      createdAt: moderatorActions.createdAt,
    })
    .from(moderatorActions)
    .innerJoin(users, eq(users.id, moderatorActions.moderatorId))
    .where(input.cursor ? lt(moderatorActions.id, input.cursor) : undefined)
    .orderBy(desc(moderatorActions.id))
    .limit(LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, LOG_PAGE_SIZE);
  const ids = [...new Set(page.map((row) => row.targetUserId).filter((id) => id !== null))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((user) => [user.id, user.username]),
  );
  const items = page.map(({ targetUserId, ...row }) => ({
    ...row,
    targetUser: targetUserId === null ? null : (names.get(targetUserId) ?? null),
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > LOG_PAGE_SIZE && last ? last.id : null };
}
