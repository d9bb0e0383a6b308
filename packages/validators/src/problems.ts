import { z } from 'zod';
import { charCount, userText } from './text';

export const PROBLEM_TITLE_MAX = 100;
export const PROBLEM_TEXT_MAX = 10_000;
export const FUNCTION_SIGNATURE_MAX = 2_000;
/** A solution, an example solution or a submission. */
export const CODE_MAX = 50_000;
export const TEST_CASES_MIN = 1;
export const TEST_CASES_MAX = 50;
export const TEST_CODE_MAX = 2_000;
/** SPEC §2: a problem card shows the first 75 characters of the text, then '...'. */
export const PROBLEM_CARD_TEXT_MAX = 75;
/** How much of the text a list card carries: enough for the card's cut, not the whole text. */
export const PROBLEM_PREVIEW_MAX = 200;
export const PROBLEMS_PAGE_SIZE = 20;
export const PROBLEM_SEARCH_MAX = 200;
/** Leaderboard rows per request: the first rows in the chosen order. */
export const LEADERBOARD_SIZE = 100;
export const LEADERBOARD_MAX = 500;

/** Issue 24: a problem's difficulty, chosen by its author (existing problems are Easy). */
export const PROBLEM_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type ProblemDifficulty = (typeof PROBLEM_DIFFICULTIES)[number];
export const difficultyLabels: Record<ProblemDifficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};
/** A problem's topic tags: a few short slug-like words ('dynamic-programming'). */
export const PROBLEM_TOPICS_MAX = 5;
export const PROBLEM_TOPIC_MAX = 30;
/** The attempt editor's draft is as long as a submission may be. */
export const DRAFT_CODE_MAX = CODE_MAX;
/** How many problems one Solved-marks request asks about: a page of the list. */
export const SOLVED_IDS_MAX = 100;
/** How many of the viewer's own submissions the problem page lists. */
export const MY_SUBMISSIONS_MAX = 20;

export const problemMessages = {
  // SPEC §5, create problem
  fieldsMissing: 'Not all fields have been filled',
  notValidated: 'Have not validated solution!',
  lastTest: 'Unable to remove another test',
  testForm: 'Tests take the form assert(function(input), output)',
  // Our limits
  titleTooLong: `Title cannot be more than ${PROBLEM_TITLE_MAX} characters`,
  textTooLong: `Description cannot be more than ${PROBLEM_TEXT_MAX} characters`,
  signatureTooLong: `Function signature cannot be more than ${FUNCTION_SIGNATURE_MAX} characters`,
  codeTooLong: `Code cannot be more than ${CODE_MAX.toLocaleString('en-US')} characters`,
  testTooLong: `A test case cannot be more than ${TEST_CODE_MAX} characters`,
  tooManyTests: `A problem cannot have more than ${TEST_CASES_MAX} test cases`,
  noTests: 'A problem needs at least one test case',
  /** The server ran the example solution on create and test `number` did not pass. */
  solutionFails: (number: number, verdict: string) =>
    `The example solution does not pass test ${number}: ${verdict}. Run Test Solution to see why.`,
  // SPEC §5, attempt
  missingIdOrCode: 'Error: Missing problem ID or code',
  notAllPassing: 'Cannot submit: Not all tests are passing',
  missingInfo: 'Error: Missing required information',
  /** What a hidden test's failed result says instead of its details. */
  hiddenTestFailed: 'Hidden test failed',
  hiddenTestsNote:
    'This problem may also have hidden tests: they run with Run Tests and on submit.',
  // Not found, limits
  /** A problem hidden by flags takes no new work (votes, runs, submissions, drafts, games). */
  problemHidden: 'This problem is hidden until a moderator has looked at it.',
  problemNotFound: 'Problem not found',
  submissionNotFound: 'Submission not found',
  invalidProblemId: 'Invalid problem ID',
  invalidSubmissionId: 'Invalid submission ID',
  invalidCursor: 'Invalid cursor',
  slowDown: 'You are running tests too fast. Please wait a few seconds and try again.',
  /** The sandbox's queue is full (the same words as @app/sandbox's SandboxBusyError). */
  busy: 'The code runner is busy. Please try again in a moment.',
  /** The user already has as many runs waiting or running as the sandbox allows one user. */
  tooManyRuns: (limit: number) =>
    `You already have ${limit} runs in progress. Wait for one to finish, then try again.`,
  /** The run was given up because whoever asked for it went away (closed the page or the socket). */
  runCancelled: 'The run was cancelled because the request ended.',
  // SPEC §2 screens
  noProblems: 'No problems found.',
  noMatches: 'No problems match your search.',
  noTestCases: 'No test cases available for this problem.',
  loading: 'Loading problem...',
  notFoundPage: 'Problem not found',
  // SPEC §8, thrown
  fetchProblemFailed: 'Error when fetching problem by id',
  fetchProblemsFailed: 'Error when fetching problems',
  createProblemFailed: 'Error while creating a new answer',
  runTestsFailed: 'Error while running tests on problem',
  upvoteFailed: 'Error while upvoting the problem',
  downvoteFailed: 'Error while downvoting the problem',
  fetchSubmissionFailed: 'Error while retrieving a submission',
  fetchSubmissionsFailed: (problemId: number | string) =>
    `Error while fetching submissions for problem ${problemId}`,
  createSubmissionFailed: (username: string) =>
    `Error while creating submission from user ${username}`,
  // SPEC §8, shown
  loadProblemFailed: (reason: string) => `Failed to load problem. ${reason}`,
  loadSubmissionsFailed: (reason: string) => `Failed to load submissions for problem. ${reason}`,
  unableToRunTestsCreate: (error: string) => `unable to run tests: ${error}`,
  unableToCreate: (error: string) => `Unable to create problem: ${error}`,
  unableToRunTests: (error: string) => `Unable to run tests: ${error}`,
  errorRunningTests: (reason: string) => `Error running tests: ${reason}`,
  errorSubmitting: (reason: string) => `Error submitting solution: ${reason}`,
  failedToLoadProblem: 'Error: Failed to load problem',
  errorFetchingSubmission: (reason: string) => `Error while fetching a submission: ${reason}`,
  notAllPassed: 'Not all tests passed!',
  someFailed: 'Some tests failed. Check the results below.',
  // SPEC §8, successes
  testsRun: 'Tests run successfully',
  allPassed: 'All tests passed!',
  problemAdded: 'Problem added!',
  solutionSubmitted: 'Solution submitted successfully!',
  // Issue 24: the workspace, drafts, verdicts, difficulty and topics
  draftTooLong: `A draft cannot be more than ${DRAFT_CODE_MAX.toLocaleString('en-US')} characters`,
  draftSaved: 'Draft saved',
  draftSaving: 'Saving draft…',
  draftOffline: 'Draft kept on this device; it will be saved when the server answers.',
  resetToStarter: 'Reset to starter code',
  resetConfirmTitle: 'Reset to starter code?',
  resetConfirmText:
    'Your code in the editor is replaced by the function signature. This cannot be undone.',
  invalidDifficulty: 'Choose Easy, Medium or Hard',
  invalidTopic: `A topic is a short word of lowercase letters, digits and dashes (at most ${PROBLEM_TOPIC_MAX} characters)`,
  tooManyTopics: `A problem can have at most ${PROBLEM_TOPICS_MAX} topics`,
  accepted: 'Accepted',
  noResultsYet: 'Run the tests to see their results here.',
  topicsHint: `Up to ${PROBLEM_TOPICS_MAX} topics, separated by commas: arrays, math, two-pointers`,
  filteredByTopic: (topic: string) => `Showing problems tagged ${topic}.`,
  solved: 'Solved',
  noSubmissionsYet: 'You have not submitted a solution yet.',
  fasterThan: (percent: number) => `faster than ${percent}% of submissions`,
  lessMemoryThan: (percent: number) => `uses less memory than ${percent}% of submissions`,
  submissionCount: (count: number) => `${count} ${count === 1 ? 'submission' : 'submissions'}`,
  acceptanceRate: (percent: number) => `${percent}% accepted`,
  noSubmissions: 'No submissions yet',
} as const;

/**
 * What share (0–100, whole) of the other submissions a figure beats: those with a larger figure,
 * out of all the others. Alone, a submission beats everything (100), as LeetCode says.
 */
export function beatsPercent(larger: number, others: number): number {
  if (others <= 0) return 100;
  return Math.floor((larger / others) * 100);
}

/** Accepted submissions out of all submits, in whole percent; null when nobody has submitted. */
export function acceptancePercent(accepted: number, submits: number): number | null {
  if (submits <= 0) return null;
  return Math.round((accepted / submits) * 100);
}

/** The verdict of a test that passed (SPEC §9). */
export const PASSING_STATUS = 'OK';

export const PROBLEM_SORTS = ['upvotes', 'downvotes', 'date'] as const;
export type ProblemSort = (typeof PROBLEM_SORTS)[number];
export const problemSortLabels: Record<ProblemSort, string> = {
  upvotes: 'Upvotes',
  downvotes: 'Downvotes',
  date: 'Date',
};

export const SUBMISSION_SORTS = ['date', 'codeLength', 'runTime', 'heapUse'] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];
export const submissionSortLabels: Record<SubmissionSort, string> = {
  date: 'Date',
  codeLength: 'Code Length',
  runTime: 'Run Time',
  heapUse: 'Heap Use',
};

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * SPEC §2's sort buttons: clicking the active sort flips its direction; a newly chosen one starts
 * descending.
 */
export function nextSort<S extends string>(
  current: { sort: S; direction: SortDirection } | null,
  clicked: S,
): { sort: S; direction: SortDirection } {
  if (current?.sort === clicked) {
    return { sort: clicked, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  }
  return { sort: clicked, direction: 'desc' };
}

/** SPEC §2: a card's text, cut at 75 characters (code points) plus '...'. */
export function problemCardText(text: string): string {
  const chars = [...text];
  return chars.length > PROBLEM_CARD_TEXT_MAX
    ? `${chars.slice(0, PROBLEM_CARD_TEXT_MAX).join('')}...`
    : text;
}

/** SPEC §2: run time shown in ms (cpuTime in nanoseconds / 1e6) and memory in kB (bytes / 1024). */
export const nanosToMs = (nanos: number): number => nanos / 1e6;
export const bytesToKb = (bytes: number): number => bytes / 1024;

/** May the create form remove a test case? At least one must remain (SPEC §5). */
export function removeTestCaseError(count: number): string | null {
  return count <= TEST_CASES_MIN ? problemMessages.lastTest : null;
}

/** Code is kept exactly as written (line breaks made \n); only its emptiness and length are checked. */
export function codeText(max: number, messages: { empty: string; tooLong: string }) {
  return z
    .string({ error: messages.empty })
    .overwrite((code) => code.replace(/\r\n?/g, '\n'))
    .refine((code) => code.trim().length > 0, messages.empty)
    .refine((code) => charCount(code) <= max, messages.tooLong);
}

// SPEC §5: assert(function(input), output). Only the outline is checked; the sandbox judges the rest.
const TEST_FORM = /^assert\s*\([\s\S]*\)\s*;?$/;

export const testCodeSchema = codeText(TEST_CODE_MAX, {
  empty: problemMessages.fieldsMissing,
  tooLong: problemMessages.testTooLong,
}).refine((code) => TEST_FORM.test(code.trim()), problemMessages.testForm);

export const TestCaseInput = z.object({
  testCode: testCodeSchema,
  hidden: z.boolean().default(false),
});
export type TestCaseInput = z.input<typeof TestCaseInput>;

const testCasesSchema = z
  .array(TestCaseInput, { error: problemMessages.fieldsMissing })
  .min(TEST_CASES_MIN, problemMessages.noTests)
  .max(TEST_CASES_MAX, problemMessages.tooManyTests);

const solutionSchema = codeText(CODE_MAX, {
  empty: problemMessages.fieldsMissing,
  tooLong: problemMessages.codeTooLong,
});

export const difficultySchema = z.enum(PROBLEM_DIFFICULTIES, {
  error: problemMessages.invalidDifficulty,
});
export const topicSchema = z
  .string({ error: problemMessages.invalidTopic })
  .trim()
  .toLowerCase()
  .regex(
    new RegExp(`^[a-z0-9](?:[a-z0-9-]{0,${PROBLEM_TOPIC_MAX - 1}})$`),
    problemMessages.invalidTopic,
  );
/** Topics as the author gave them, lower-cased and without repeats. */
export const topicsSchema = z
  .array(topicSchema, { error: problemMessages.invalidTopic })
  .max(PROBLEM_TOPICS_MAX, problemMessages.tooManyTopics)
  .transform((topics) => [...new Set(topics)]);

export const CreateProblemInput = z.object({
  title: userText(PROBLEM_TITLE_MAX, {
    empty: problemMessages.fieldsMissing,
    tooLong: problemMessages.titleTooLong,
  }),
  problemText: userText(PROBLEM_TEXT_MAX, {
    empty: problemMessages.fieldsMissing,
    tooLong: problemMessages.textTooLong,
  }),
  functionSignature: codeText(FUNCTION_SIGNATURE_MAX, {
    empty: problemMessages.fieldsMissing,
    tooLong: problemMessages.signatureTooLong,
  }),
  testCases: testCasesSchema,
  suggestedSolution: solutionSchema,
  difficulty: difficultySchema.default('easy'),
  topics: topicsSchema.default([]),
});
export type CreateProblemInput = z.input<typeof CreateProblemInput>;
export type CreateProblemData = z.output<typeof CreateProblemInput>;

/** Test Solution on the create screen: the author's own code against the author's own tests. */
export const TestSolutionInput = z.object({
  code: solutionSchema,
  testCases: testCasesSchema,
});
export type TestSolutionInput = z.input<typeof TestSolutionInput>;
export type TestSolutionData = z.output<typeof TestSolutionInput>;

const idSchema = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const problemIdSchema = idSchema(problemMessages.invalidProblemId);

/** Run Tests on the Attempt screen: every test of the problem, hidden ones too, on the server. */
export const RunProblemTestsInput = z.object({
  problemId: idSchema(problemMessages.missingIdOrCode),
  code: codeText(CODE_MAX, {
    empty: problemMessages.missingIdOrCode,
    tooLong: problemMessages.codeTooLong,
  }),
});
export type RunProblemTestsInput = z.input<typeof RunProblemTestsInput>;

/** Submit on the Attempt screen: the server runs every test again and measures the code itself. */
export const CreateSubmissionInput = z.object({
  problemId: idSchema(problemMessages.missingInfo),
  code: codeText(CODE_MAX, {
    empty: problemMessages.missingInfo,
    tooLong: problemMessages.codeTooLong,
  }),
});
export type CreateSubmissionInput = z.input<typeof CreateSubmissionInput>;

export const ProblemIdInput = z.object({ id: problemIdSchema });
export type ProblemIdInput = z.infer<typeof ProblemIdInput>;

export const SubmissionIdInput = z.object({ id: idSchema(problemMessages.invalidSubmissionId) });
export type SubmissionIdInput = z.infer<typeof SubmissionIdInput>;

export const ListProblemsInput = z.object({
  /** No sort (Clear Sort) lists the newest first. */
  sort: z.enum(PROBLEM_SORTS).nullish(),
  direction: z.enum(SORT_DIRECTIONS).default('desc'),
  search: z.string().trim().max(PROBLEM_SEARCH_MAX).optional(),
  cursor: z.string().max(100).nullish(),
  limit: z.number().int().min(1).max(100).default(PROBLEMS_PAGE_SIZE),
  /** Issue 24: only problems of this difficulty, or with this topic. */
  difficulty: difficultySchema.nullish(),
  topic: topicSchema.nullish(),
});
export type ListProblemsInput = z.input<typeof ListProblemsInput>;

export const ListSubmissionsInput = z.object({
  problemId: problemIdSchema,
  sort: z.enum(SUBMISSION_SORTS).default('date'),
  direction: z.enum(SORT_DIRECTIONS).default('desc'),
  limit: z.number().int().min(1).max(LEADERBOARD_MAX).default(LEADERBOARD_SIZE),
});
export type ListSubmissionsInput = z.input<typeof ListSubmissionsInput>;

export const ProblemVoteInput = z.object({
  id: problemIdSchema,
  vote: z.enum(['up', 'down']),
});
export type ProblemVoteInput = z.infer<typeof ProblemVoteInput>;

/** Resumable subscriptions: the id of the last event the client saw, if any. */
export const ProblemEventsInput = z.object({ lastEventId: z.string().max(32).nullish() });
export const ProblemUpdatesInput = z.object({
  id: problemIdSchema,
  lastEventId: z.string().max(32).nullish(),
});

/** How many lines a piece of code has, as the leaderboard counts them. */
export const lineCount = (code: string): number => code.split('\n').length;

/** The attempt editor's draft of one problem, kept per user on the server. */
export const SaveDraftInput = z.object({
  problemId: problemIdSchema,
  code: z
    .string()
    .overwrite((code) => code.replace(/\r\n?/g, '\n'))
    .refine((code) => charCount(code) <= DRAFT_CODE_MAX, problemMessages.draftTooLong),
});
export type SaveDraftInput = z.input<typeof SaveDraftInput>;

export const DraftInput = z.object({ problemId: problemIdSchema });
export type DraftInput = z.infer<typeof DraftInput>;

/** The Solved marks of the problems on screen, for the signed-in viewer. */
export const SolvedAmongInput = z.object({
  ids: z.array(problemIdSchema).max(SOLVED_IDS_MAX),
});
export type SolvedAmongInput = z.infer<typeof SolvedAmongInput>;

/** The viewer's own submissions to one problem. */
export const MySubmissionsInput = z.object({ problemId: problemIdSchema });
export type MySubmissionsInput = z.infer<typeof MySubmissionsInput>;
