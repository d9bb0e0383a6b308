import { problems, submissions, users } from '@app/db';
import { PROBLEM_PREVIEW_MAX } from '@app/validators';
import { sql } from 'drizzle-orm';

// People are read by id: a deleted account keeps its row and name, so its posts still show it. A
// subquery, not a join, so a list's planner starts from the order's index, never from users.
export const usernameOf = (userId: unknown) =>
  sql<string>`(select ${users.username} from ${users} where ${users.id} = ${userId})`;

/** A list card's columns (voteScore is added in JavaScript). */
export const problemSummaryColumns = {
  id: problems.id,
  title: problems.title,
  // substr counts characters (code points) in SQLite, as the card's cut does.
  text: sql<string>`substr(${problems.problemText}, 1, ${sql.raw(String(PROBLEM_PREVIEW_MAX))})`.as(
    'text_preview',
  ),
  postedBy: usernameOf(problems.postedBy).as('posted_by_name'),
  createdAt: problems.createdAt,
  upVoteCount: problems.upVoteCount,
  downVoteCount: problems.downVoteCount,
  difficulty: problems.difficulty,
  topics: problems.topics,
  submitCount: problems.submitCount,
  acceptedCount: problems.acceptedCount,
};

/** A leaderboard row's columns. */
export const submissionRowColumns = {
  id: submissions.id,
  problemId: submissions.problemId,
  submissionBy: usernameOf(submissions.submissionBy).as('submission_by_name'),
  createdAt: submissions.createdAt,
  lineCount: submissions.lineCount,
  codeLength: submissions.codeLength,
  runTime: submissions.runTime,
  heapUse: submissions.heapUse,
};
