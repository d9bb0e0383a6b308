import { flags } from '@app/db';
import { moderationMessages, type FlagReason, type ModerationPageInput } from '@app/validators';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import type { FlagTarget } from '../audit/audit';
import { readItem, setHidden, visibleItem, type ItemLocation } from './targets';

/** The reasons that count towards hiding an item; 'moderator' only asks for a look. */
const HIDING_REASONS: FlagReason[] = ['spam', 'rude'];

export interface FlagReceipt {
  id: number;
  status: 'pending';
  message: string;
}

/**
 * The viewer flags an item: one flag per user per item, never their own. Once the pending spam or
 * rude flags of different users reach HIDE_AFTER_FLAGS the item is hidden until a moderator looks,
 * in the same transaction, and its open pages hear it.
 */
export function createFlag(
  deps: ApiDeps,
  viewer: Viewer,
  input: { kind: FlagTarget; id: number; reason: FlagReason; note: string },
): Promise<FlagReceipt> {
  return writeTransaction(deps, async (scope) => {
    const { tx, now } = scope;
    const item = await visibleItem(tx, viewer.id, input);
    if (item.authorId === viewer.id) {
      throw new Refusal({ code: 'FORBIDDEN', message: moderationMessages.flagOwnPost });
    }
    const inserted = await tx
      .insert(flags)
      .values({
        targetKind: input.kind,
        targetId: input.id,
        flaggedBy: viewer.id,
        reason: input.reason,
        note: input.note,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: flags.id });
    const flag = inserted[0];
    if (!flag) throw new Refusal({ code: 'CONFLICT', message: moderationMessages.alreadyFlagged });
    if (HIDING_REASONS.includes(input.reason) && !item.hidden) {
      const [counted] = await tx
        .select({ n: count() })
        .from(flags)
        .where(
          and(
            eq(flags.targetKind, input.kind),
            eq(flags.targetId, input.id),
            eq(flags.status, 'pending'),
            inArray(flags.reason, HIDING_REASONS),
          ),
        );
      if ((counted?.n ?? 0) >= deps.moderation.hideAfterFlags) await setHidden(scope, item, true);
    }
    return { id: flag.id, status: 'pending', message: moderationMessages.flagReceived };
  });
}

export interface MyFlag {
  id: number;
  kind: FlagTarget;
  targetId: number;
  reason: FlagReason;
  note: string;
  status: 'pending' | 'dismissed' | 'handled';
  createdAt: Date;
  /** The item's title or the start of its text, and where it is (null once it is gone). */
  excerpt: string;
  location: ItemLocation | null;
}

const MY_FLAGS_PAGE = 20;

/** The viewer's own flags, newest first, with what became of them. */
export async function listMyFlags(
  { db }: ApiDeps,
  viewer: Viewer,
  input: ModerationPageInput,
): Promise<{ items: MyFlag[]; nextCursor: number | null }> {
  const rows = await db
    .select()
    .from(flags)
    .where(
      and(eq(flags.flaggedBy, viewer.id), input.cursor ? lt(flags.id, input.cursor) : undefined),
    )
    .orderBy(desc(flags.id))
    .limit(MY_FLAGS_PAGE + 1);
  const page = rows.slice(0, MY_FLAGS_PAGE);
  const items = await Promise.all(
    page.map(async (row): Promise<MyFlag> => {
      const kind = row.targetKind as FlagTarget;
      const item = await readItem(db, { kind, id: row.targetId });
      return {
        id: row.id,
        kind,
        targetId: row.targetId,
        reason: row.reason as FlagReason,
        note: row.note,
        status: row.status as MyFlag['status'],
        createdAt: row.createdAt,
        excerpt: item ? excerpt(item.title || item.text) : '',
        location: item && !item.deleted ? item.location : null,
      };
    }),
  );
  const last = page.at(-1);
  return { items, nextCursor: rows.length > MY_FLAGS_PAGE && last ? last.id : null };
}

/** The start of a text, for a list. */
export const excerpt = (text: string, max = 300): string =>
  [...text].length > max ? `${[...text].slice(0, max).join('')}…` : text;
