import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './_columns';
import { users } from './users';

// search_key is the title and text lower-cased by JavaScript (Unicode-aware; SQLite's lower() and LIKE
// fold ASCII only), so a search matches 'Äpfel' as 'äpfel'. The counters are kept with the row so every
// list order is an index walk.
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
    /** Grows with every vote change: orders vote states that reach a client out of order. */
    voteVersion: integer('vote_version').notNull().default(0),
    searchKey: text('search_key').notNull().default(''),
    /** Set while enough flags hide the problem, until a moderator looks. */
    hiddenAt: timestamp('hidden_at'),
    /** 'easy', 'medium' or 'hard', chosen by the author (issue 24). */
    difficulty: text('difficulty').notNull().default('easy'),
    /**
     * The topic tags as one string with a space either side of each, ' arrays strings ', so a filter
     * is one LIKE '% arrays %' (a problem has at most five).
     */
    topics: text('topics').notNull().default(''),
    /** Every Submit, failed ones too, and the accepted ones: the list's acceptance rate. */
    submitCount: integer('submit_count').notNull().default(0),
    acceptedCount: integer('accepted_count').notNull().default(0),
  },
  (t) => [
    index('problems_newest').on(t.createdAt, t.id),
    index('problems_up_votes').on(t.upVoteCount, t.id),
    index('problems_down_votes').on(t.downVoteCount, t.id),
  ],
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

// code_length and line_count are measured once on insert, so the leaderboard sorts by an index.
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

// The attempt editor's code, one row per user and problem, saved as they type (issue 24): private to
// its user, kept after a submit (as LeetCode keeps it), gone with the problem.
export const problemDrafts = sqliteTable(
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
