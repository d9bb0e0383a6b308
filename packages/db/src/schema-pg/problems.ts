import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { insertionOrder, timestamp } from './_columns';
import { users } from './users';

// The PostgreSQL twin of schema/problems.ts (the comments there say why each column is kept).

export const problems = pgTable(
  'problems',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
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
    voteVersion: integer('vote_version').notNull().default(0),
    searchKey: text('search_key').notNull().default(''),
    hiddenAt: timestamp('hidden_at'),
    difficulty: text('difficulty').notNull().default('easy'),
    topics: text('topics').notNull().default(''),
    submitCount: integer('submit_count').notNull().default(0),
    acceptedCount: integer('accepted_count').notNull().default(0),
  },
  (t) => [
    index('problems_newest').on(t.createdAt, t.id),
    index('problems_up_votes').on(t.upVoteCount, t.id),
    index('problems_down_votes').on(t.downVoteCount, t.id),
  ],
);

export const problemTestCases = pgTable(
  'problem_test_cases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    testCode: text('test_code').notNull(),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [index('problem_test_cases_problem').on(t.problemId, t.position)],
);

export const problemVotes = pgTable(
  'problem_votes',
  {
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    value: integer('value').notNull(),
    insertionOrder: insertionOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.problemId, t.userId] }),
    check('problem_vote_value', sql`${t.value} in (-1, 1)`),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    submissionBy: integer('submission_by')
      .notNull()
      .references(() => users.id),
    submissionCode: text('submission_code').notNull(),
    // Nanoseconds: a test may run 2 s and more (the limit can be raised), past an integer's 2^31.
    runTime: bigint('run_time', { mode: 'number' }).notNull(),
    heapUse: integer('heap_use').notNull(),
    codeLength: integer('code_length').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('submissions_problem').on(t.problemId, t.createdAt, t.id),
    index('submissions_run_time').on(t.problemId, t.runTime, t.id),
    index('submissions_heap_use').on(t.problemId, t.heapUse, t.id),
    index('submissions_code_length').on(t.problemId, t.codeLength, t.id),
    index('submissions_submitter').on(t.submissionBy, t.problemId, t.id),
  ],
);

export const problemDrafts = pgTable(
  'problem_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    problemId: integer('problem_id')
      .notNull()
      .references(() => problems.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.problemId] })],
);
