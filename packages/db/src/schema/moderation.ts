import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { questions } from './questions';
import { users } from './users';

// A report that something breaks the rules: one per user per item. target_kind names the table of
// target_id ('question', 'answer', 'comment', 'global_message', 'chat_message', 'problem'); it stays
// 'pending' until a moderator dismisses it or acts on the item ('handled').
export const flags = sqliteTable(
  'flags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    flaggedBy: integer('flagged_by')
      .notNull()
      .references(() => users.id),
    /** 'spam', 'rude' (rude or abusive) or 'moderator' (needs a moderator's attention). */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
    status: text('status').notNull().default('pending'),
    handledBy: integer('handled_by').references(() => users.id),
    handledAt: timestamp('handled_at'),
  },
  (t) => [
    uniqueIndex('flags_one_per_user').on(t.targetKind, t.targetId, t.flaggedBy),
    index('flags_status').on(t.status, t.createdAt, t.id),
    index('flags_flagged_by').on(t.flaggedBy, t.id),
    check('flag_reason', sql`${t.reason} in ('spam', 'rude', 'moderator')`),
    check('flag_status', sql`${t.status} in ('pending', 'dismissed', 'handled')`),
  ],
);

// Every moderator action, as it was done: shown to moderators, never changed.
export const moderatorActions = sqliteTable(
  'moderator_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    moderatorId: integer('moderator_id')
      .notNull()
      .references(() => users.id),
    /** 'delete', 'undelete', 'close', 'reopen', 'dismiss-flags', 'suspend', 'unsuspend', … */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    /** The user the action was about (the post's author, the suspended user), if any. */
    targetUserId: integer('target_user_id').references(() => users.id),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('moderator_actions_newest').on(t.createdAt, t.id)],
);

// Users with enough reputation vote together to close a question (as a duplicate of another) or to
// reopen it; the votes of one kind are cleared once they have done it.
export const closeVotes = sqliteTable(
  'close_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'close' or 'reopen'. */
    kind: text('kind').notNull(),
    duplicateOfId: integer('duplicate_of_id').references(() => questions.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.kind, t.userId] }),
    check('close_vote_kind', sql`${t.kind} in ('close', 'reopen')`),
  ],
);

// One row per change of a user's reputation, with why: the sum of a user's deltas plus 1 is their
// reputation (users.reputation keeps it), shown as at least 1.
export const reputationChanges = sqliteTable(
  'reputation_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    /** What earned or cost it: 'question-upvoted', 'answer-accepted', 'recalculated', … */
    reason: text('reason').notNull(),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'set null' }),
    answerId: integer('answer_id'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('reputation_changes_user').on(t.userId, t.id)],
);
