import { questions } from '@app/db';
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { isModerator, type Viewer } from '../../core/viewer';
import type { PostRemoval } from './shapes';

/** The columns that say whether a post (question, answer or comment) is removed. */
export interface RemovalColumns {
  deletedAt: Date | null;
  deletedBy: number | null;
  hiddenAt: Date | null;
}

/**
 * Who sees a post that was deleted or hidden by flags: its author and moderators (marked as such),
 * nobody else. The one rule, for the question page, the whole lists and every write that names a post.
 */
export function removalFor(
  post: RemovalColumns & { authorId: number },
  viewer: Pick<Viewer, 'id' | 'role'> | null,
): { visible: boolean; removal?: PostRemoval } {
  if (post.deletedAt === null && post.hiddenAt === null) return { visible: true };
  if (!viewer || (viewer.id !== post.authorId && !isModerator(viewer))) return { visible: false };
  return {
    visible: true,
    removal: {
      deleted: post.deletedAt !== null,
      byModerator: post.deletedAt !== null && post.deletedBy !== post.authorId,
      hidden: post.hiddenAt !== null,
    },
  };
}

/** Shown to everyone: neither deleted nor hidden. */
export const isShown = (table: { deletedAt: AnySQLiteColumn; hiddenAt: AnySQLiteColumn }): SQL =>
  and(isNull(table.deletedAt), isNull(table.hiddenAt))!;

/**
 * The ids of removed questions, read from the partial index questions_removed (a handful of rows):
 * counts subtract them instead of reading every question's row.
 */
export const removedQuestionIds = (extra?: SQL): SQL =>
  sql`select ${questions.id} from ${questions} where (${questions.deletedAt} is not null or ${questions.hiddenAt} is not null)${extra ? sql` and ${extra}` : sql``}`;
