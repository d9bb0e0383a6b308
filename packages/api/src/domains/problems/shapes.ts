/** What the problem and submission procedures and events hand out. People are usernames, times Dates. */
import type { Verdict } from '@app/sandbox';
import type { ProblemDifficulty } from '@app/validators';

/** +1 upvoted, -1 downvoted, 0 neither (SPEC §4: as for questions). */
export type MyVote = 1 | -1 | 0;

/** One card of the problem list. */
export interface ProblemSummary {
  id: number;
  title: string;
  /** The start of the problem text (at most PROBLEM_PREVIEW_MAX characters): cut it with problemCardText. */
  text: string;
  postedBy: string;
  createdAt: Date;
  upVoteCount: number;
  downVoteCount: number;
  /** voteScore(upVoteCount, downVoteCount): the number the vote box shows. */
  voteScore: number;
  difficulty: ProblemDifficulty;
  /** Topic tags, in the author's order. */
  topics: string[];
  /** Every Submit, failed ones too. */
  submitCount: number;
  /** Submits that passed every test: acceptedCount / submitCount is the acceptance rate. */
  acceptedCount: number;
}

export interface ProblemPage {
  items: ProblemSummary[];
  /** Pass back as `cursor` (with the same sort and search) for the next page; null on the last page. */
  nextCursor: string | null;
  /** How many problems match the search, over all pages. */
  total: number;
}

/**
 * A test case as a viewer may see it. `number` is its place among ALL the problem's tests (1-based,
 * what 'Test n' shows), so a visible test keeps the number its result will carry.
 */
export interface ProblemTestCaseView {
  number: number;
  testCode: string;
  hidden: boolean;
}

export interface ProblemVotes {
  upVotes: string[];
  downVotes: string[];
  myVote: MyVote;
}

export interface ProblemDetail extends ProblemVotes {
  id: number;
  title: string;
  problemText: string;
  functionSignature: string;
  suggestedSolution: string;
  postedBy: string;
  createdAt: Date;
  /** Whether the viewer posted it: only then does `testCases` hold the hidden tests too. */
  isAuthor: boolean;
  /** Only for its author and moderators while flags hide it from everyone else. */
  hidden?: true;
  /** The visible tests, in order; for the author, every test (hidden ones marked). */
  testCases: ProblemTestCaseView[];
  /** How many tests are hidden (for everyone, the author included). */
  hiddenTestCount: number;
  upVoteCount: number;
  downVoteCount: number;
  voteScore: number;
  /** Grows with each vote change: a client keeps the vote state with the highest. */
  voteVersion: number;
  difficulty: ProblemDifficulty;
  topics: string[];
  submitCount: number;
  acceptedCount: number;
}

/**
 * One test's result. For a hidden test of someone else's problem only its number and verdict are
 * told: testCode, output and the figures are null and a failure's errorMessage is 'Hidden test
 * failed'. Anyone but the problem's author sees the other figures rounded up (1 ms, 64 KB).
 */
export interface TestResultView {
  /** 1-based, over all the tests run ('Test n'). */
  number: number;
  hidden: boolean;
  testCode: string | null;
  /** 'OK' when the test passed; otherwise the sandbox's verdict. */
  status: Verdict;
  /** Nanoseconds of CPU time; null for a redacted hidden test. */
  cpuTime: number | null;
  /** Bytes; null for a redacted hidden test. */
  memoryUsage: number | null;
  /** '' when it passed. */
  errorMessage: string;
  /** What the code printed; null for a redacted hidden test. */
  output: string | null;
}

/** A leaderboard row (SPEC §2 User Submissions). */
export interface SubmissionRow {
  id: number;
  problemId: number;
  submissionBy: string;
  createdAt: Date;
  /** Lines of code, as the row shows them. */
  lineCount: number;
  /** Characters of code (code points): what Code Length sorts by. */
  codeLength: number;
  /** Mean cpuTime over the tests, nanoseconds, measured by the server. */
  runTime: number;
  /** Mean memoryUsage over the tests, bytes, measured by the server. */
  heapUse: number;
}

/** The Submission view: the row, its code, and the problem it solves. */
export interface SubmissionDetail extends SubmissionRow {
  submissionCode: string;
  problem: { id: number; title: string; problemText: string; functionSignature: string };
}

/** Where a submission stands among the problem's other submissions (issue 24's verdict panel). */
export interface SubmissionStanding {
  /** How many other submissions the problem has. */
  others: number;
  /** Whole percent of the others whose run time is longer (100 when there are none). */
  fasterThan: number;
  /** Whole percent of the others whose heap use is larger (100 when there are none). */
  lessMemoryThan: number;
}
