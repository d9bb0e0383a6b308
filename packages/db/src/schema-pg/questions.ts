import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { insertionOrder, jsonText, timestamp, tsvector } from './_columns';
import { users } from './users';

// The PostgreSQL twin of schema/questions.ts (the comments there say why each column is kept).

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('tags_name_key').on(t.nameKey)],
);

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
    voteVersion: integer('vote_version').notNull().default(0),
    acceptedAnswerId: integer('accepted_answer_id').references((): AnyPgColumn => answers.id, {
      onDelete: 'set null',
    }),
    acceptVersion: integer('accept_version').notNull().default(0),
    editedAt: timestamp('edited_at'),
    revisionCount: integer('revision_count').notNull().default(0),
    deletedAt: timestamp('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id),
    hiddenAt: timestamp('hidden_at'),
    closedAt: timestamp('closed_at'),
    closedBy: integer('closed_by').references(() => users.id),
    duplicateOfId: integer('duplicate_of_id').references((): AnyPgColumn => questions.id, {
      onDelete: 'set null',
    }),
    /** The author's key for this question (chosen by their device), so a retried send posts it once. */
    sendKey: text('send_key'),
    // What SQLite's questions_fts (FTS5, migration 0001) is here: title weighs more than text. The
    // function search_words (drizzle-pg/0000_search_words.sql) splits and folds the text as FTS5's
    // tokenizer does (unicode61 remove_diacritics 2); the 'simple' configuration then takes its words
    // as they are. Only PostgreSQL has it.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', public.search_words(${questions.title})), 'A') || setweight(to_tsvector('simple', public.search_words(${questions.text})), 'B')`,
      ),
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
    index('questions_search').using('gin', t.searchVector),
  ],
);

export const questionTags = pgTable(
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

export const questionVotes = pgTable(
  'question_votes',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
    insertionOrder: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    check('question_vote_value', sql`${t.value} in (-1, 1)`),
  ],
);

export const questionViews = pgTable(
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

export const answers = pgTable(
  'answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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

export const answerVotes = pgTable(
  'answer_votes',
  {
    answerId: integer('answer_id')
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
    insertionOrder: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.userId] }),
    check('answer_vote_value', sql`${t.value} in (-1, 1)`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    text: text('text').notNull(),
    commentBy: integer('comment_by')
      .notNull()
      .references(() => users.id),
    commentDateTime: timestamp('comment_date_time').notNull(),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    answerId: integer('answer_id').references(() => answers.id, { onDelete: 'cascade' }),
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

export const questionRevisions = pgTable(
  'question_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    editedBy: integer('edited_by')
      .notNull()
      .references(() => users.id),
    editedAt: timestamp('edited_at').notNull(),
    titleBefore: text('title_before').notNull(),
    titleAfter: text('title_after').notNull(),
    textBefore: text('text_before').notNull(),
    textAfter: text('text_after').notNull(),
    tagsBefore: jsonText('tags_before').$type<string[]>().notNull(),
    tagsAfter: jsonText('tags_after').$type<string[]>().notNull(),
  },
  (t) => [uniqueIndex('question_revisions_number').on(t.questionId, t.number)],
);

export const answerRevisions = pgTable(
  'answer_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
