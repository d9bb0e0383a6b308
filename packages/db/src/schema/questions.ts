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
  },
  (t) => [
    index('questions_newest').on(t.askDateTime, t.id),
    index('questions_active').on(t.lastActivityAt, t.id),
    index('questions_most_viewed').on(t.viewCount, t.id),
    index('questions_unanswered').on(t.answerCount, t.askDateTime, t.id),
    index('questions_asked_by').on(t.askedBy),
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
  },
  (t) => [index('answers_question').on(t.questionId, t.id)],
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
  },
  (t) => [
    index('comments_question').on(t.questionId, t.id),
    index('comments_answer').on(t.answerId, t.id),
    check('comment_has_one_parent', sql`(${t.questionId} is null) <> (${t.answerId} is null)`),
  ],
);
