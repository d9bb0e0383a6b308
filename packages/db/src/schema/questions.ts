import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  type AnySQLiteColumn,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { users } from './users';

// name_key is the name lower-cased by JavaScript (Unicode-aware; SQLite's lower() folds ASCII only):
// 'Österreich' and 'österreich' are one tag.
export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('tags_name_key').on(t.nameKey)],
);

// answerCount, viewCount and lastActivityAt are kept with the row so every list order is an index walk.
export const questions = sqliteTable(
  'questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    askedBy: integer('asked_by')
      .notNull()
      .references(() => users.id),
    askDateTime: timestamp('ask_date_time').notNull(),
    lastActivityAt: timestamp('last_activity_at').notNull(),
    answerCount: integer('answer_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    upVoteCount: integer('up_vote_count').notNull().default(0),
    downVoteCount: integer('down_vote_count').notNull().default(0),
    /** Grows with every vote change: orders vote states that reach a client out of order. */
    voteVersion: integer('vote_version').notNull().default(0),
    /** The answer the asker accepted, if any (one at most). */
    acceptedAnswerId: integer('accepted_answer_id').references((): AnySQLiteColumn => answers.id, {
      onDelete: 'set null',
    }),
    /** Grows with every accept or unaccept: orders accepted states that reach a client out of order. */
    acceptVersion: integer('accept_version').notNull().default(0),
    /** The last edit's time; null until the author edits. */
    editedAt: timestamp('edited_at'),
    /** How many edits (question_revisions rows): also orders edited states that reach a client late. */
    revisionCount: integer('revision_count').notNull().default(0),
    /** Set while the post is deleted (by its author or a moderator): kept, shown only to them. */
    deletedAt: timestamp('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id),
    /** Set while enough flags hide the post, until a moderator looks. */
    hiddenAt: timestamp('hidden_at'),
    /** Set while the question is closed: no new answers. */
    closedAt: timestamp('closed_at'),
    closedBy: integer('closed_by').references(() => users.id),
    /** The original this question was closed as a duplicate of. */
    duplicateOfId: integer('duplicate_of_id').references((): AnySQLiteColumn => questions.id, {
      onDelete: 'set null',
    }),
    /** The author's key for this question (chosen by their device), so a retried send posts it once. */
    sendKey: text('send_key'),
  },
  (t) => [
    index('questions_newest').on(t.askDateTime, t.id),
    index('questions_active').on(t.lastActivityAt, t.id),
    index('questions_most_viewed').on(t.viewCount, t.id),
    index('questions_unanswered').on(t.answerCount, t.askDateTime, t.id),
    index('questions_asked_by').on(t.askedBy),
    uniqueIndex('questions_author_key').on(t.askedBy, t.sendKey),
    // The few removed questions (deleted, or hidden by flags): counts subtract them.
    index('questions_removed')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null or ${t.hiddenAt} is not null`),
  ],
);

export const questionTags = sqliteTable(
  'question_tags',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.tagId] }),
    index('question_tags_tag').on(t.tagId, t.questionId),
  ],
);

export const questionVotes = sqliteTable(
  'question_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    check('question_vote_value', sql`${t.value} in (-1, 1)`),
  ],
);

export const questionViews = sqliteTable(
  'question_views',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    viewedAt: timestamp('viewed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

export const answers = sqliteTable(
  'answers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    ansBy: integer('ans_by')
      .notNull()
      .references(() => users.id),
    ansDateTime: timestamp('ans_date_time').notNull(),
    upVoteCount: integer('up_vote_count').notNull().default(0),
    downVoteCount: integer('down_vote_count').notNull().default(0),
    /** Grows with every vote change on the answer, as questions.vote_version does. */
    voteVersion: integer('vote_version').notNull().default(0),
    editedAt: timestamp('edited_at'),
    revisionCount: integer('revision_count').notNull().default(0),
    deletedAt: timestamp('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id),
    hiddenAt: timestamp('hidden_at'),
    /** The author's key for this answer (chosen by their device), so a retried send posts it once. */
    sendKey: text('send_key'),
  },
  (t) => [
    index('answers_question').on(t.questionId, t.id),
    // A profile's answers, newest first.
    index('answers_author').on(t.ansBy, t.id),
    uniqueIndex('answers_author_key').on(t.ansBy, t.sendKey),
    // The few removed answers: a notification about one is not shown (a look-up per notification).
    index('answers_removed')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null or ${t.hiddenAt} is not null`),
  ],
);

export const answerVotes = sqliteTable(
  'answer_votes',
  {
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.userId] }),
    check('answer_vote_value', sql`${t.value} in (-1, 1)`),
  ],
);

// A comment belongs to exactly one question or one answer.
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    text: text('text').notNull(),
    commentBy: integer('comment_by')
      .notNull()
      .references(() => users.id),
    commentDateTime: timestamp('comment_date_time').notNull(),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    answerId: integer('answer_id').references(() => answers.id, { onDelete: 'cascade' }),
    /** The author's last edit (allowed for five minutes after posting). */
    editedAt: timestamp('edited_at'),
    deletedAt: timestamp('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id),
    hiddenAt: timestamp('hidden_at'),
    /** The author's key for this comment (chosen by their device), so a retried send posts it once. */
    sendKey: text('send_key'),
  },
  (t) => [
    index('comments_question').on(t.questionId, t.id),
    index('comments_answer').on(t.answerId, t.id),
    uniqueIndex('comments_author_key').on(t.commentBy, t.sendKey),
    // The few removed comments, as answers_removed.
    index('comments_removed')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null or ${t.hiddenAt} is not null`),
    check('comment_has_one_parent', sql`(${t.questionId} is null) <> (${t.answerId} is null)`),
  ],
);

// One row per edit: who, when, and the values before and after it. Tags are kept as their names
// (a JSON array, in the author's order) as they were at the time.
export const questionRevisions = sqliteTable(
  'question_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 1 for the first edit, 2 for the next, … */
    number: integer('number').notNull(),
    editedBy: integer('edited_by')
      .notNull()
      .references(() => users.id),
    editedAt: timestamp('edited_at').notNull(),
    titleBefore: text('title_before').notNull(),
    titleAfter: text('title_after').notNull(),
    textBefore: text('text_before').notNull(),
    textAfter: text('text_after').notNull(),
    tagsBefore: text('tags_before', { mode: 'json' }).$type<string[]>().notNull(),
    tagsAfter: text('tags_after', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex('question_revisions_number').on(t.questionId, t.number)],
);

export const answerRevisions = sqliteTable(
  'answer_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    editedBy: integer('edited_by')
      .notNull()
      .references(() => users.id),
    editedAt: timestamp('edited_at').notNull(),
    textBefore: text('text_before').notNull(),
    textAfter: text('text_after').notNull(),
  },
  (t) => [uniqueIndex('answer_revisions_number').on(t.answerId, t.number)],
);
