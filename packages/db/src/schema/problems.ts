import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { users } from './users';

export const problems = sqliteTable(
  'problems',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    problemText: text('problem_text').notNull(),
    functionSignature: text('function_signature').notNull(),
    suggestedSolution: text('suggested_solution').notNull(),
    postedBy: integer('posted_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at').notNull(),
    upVoteCount: integer('up_vote_count').notNull().default(0),
    downVoteCount: integer('down_vote_count').notNull().default(0),
  },
  (t) => [index('problems_created').on(t.createdAt)],
);

export const problemTestCases = sqliteTable(
  'problem_test_cases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    testCode: text('test_code').notNull(),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('problem_test_cases_problem').on(t.problemId, t.position)],
);

export const problemVotes = sqliteTable(
  'problem_votes',
  {
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.problemId, t.userId] }),
    check('problem_vote_value', sql`${t.value} in (-1, 1)`),
  ],
);

export const submissions = sqliteTable(
  'submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    submissionBy: integer('submission_by')
      .notNull()
      .references(() => users.id),
    submissionCode: text('submission_code').notNull(),
    runTime: integer('run_time').notNull(),
    heapUse: integer('heap_use').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('submissions_problem').on(t.problemId, t.createdAt)],
);
