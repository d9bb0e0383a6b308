import { answers, comments, type Db, dialect, questions, questionVotes, users } from '@app/db';
import { sortAnswers, voteScore } from '@app/validators';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { CommentView, TagView } from './shapes';
import { tagsForQuestions } from './tags';
import { isShown } from './visibility';

/**
 * Whole questions for the original client's unpaged list (SPEC §7 GET /question/getQuestion): what
 * its question objects hold, read for many questions at once in a few statements (one per kind of
 * row, all the ids as one JSON parameter) instead of a question page's statements per question.
 * Nothing here depends on who asks: no vote state of the viewer.
 */
export interface AnswerInFull {
  id: number;
  text: string;
  ansBy: string;
  ansDateTime: Date;
  /** Oldest first. */
  comments: CommentView[];
}

export interface QuestionInFull {
  id: number;
  title: string;
  text: string;
  tags: TagView[];
  askedBy: string;
  askDateTime: Date;
  /** Who voted, in the order they first voted. */
  upVotes: string[];
  downVotes: string[];
  viewCount: number;
  /** On the question itself, oldest first. */
  comments: CommentView[];
  /** In the question page's order: the accepted one first, then by score, then oldest. */
  answers: AnswerInFull[];
}

const usernameOf = (userId: unknown) =>
  sql<string>`(select ${users.username} from ${users} where ${users.id} = ${userId})`;

const ids = () => sql.placeholder('ids');

const questionRows = perDb((db) =>
  db
    .select({
      id: questions.id,
      title: questions.title,
      text: questions.text,
      askedBy: usernameOf(questions.askedBy),
      askDateTime: questions.askDateTime,
      viewCount: questions.viewCount,
      acceptedAnswerId: questions.acceptedAnswerId,
    })
    .from(questions)
    .where(and(dialect.inJsonList(questions.id, ids()), isShown(questions)))
    .prepare(),
);

const voteRows = perDb((db) =>
  db
    .select({
      questionId: questionVotes.questionId,
      username: users.username,
      value: questionVotes.value,
    })
    .from(questionVotes)
    .innerJoin(users, eq(users.id, questionVotes.userId))
    .where(dialect.inJsonList(questionVotes.questionId, ids()))
    .orderBy(dialect.insertionOrder(questionVotes))
    .prepare(),
);

const answerRows = perDb((db) =>
  db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      text: answers.text,
      ansBy: usernameOf(answers.ansBy),
      ansDateTime: answers.ansDateTime,
      upVoteCount: answers.upVoteCount,
      downVoteCount: answers.downVoteCount,
    })
    .from(answers)
    .where(and(dialect.inJsonList(answers.questionId, ids()), isShown(answers)))
    .orderBy(asc(answers.id))
    .prepare(),
);

const commentColumns = {
  id: comments.id,
  text: comments.text,
  commentBy: usernameOf(comments.commentBy),
  commentDateTime: comments.commentDateTime,
};

const questionCommentRows = perDb((db) =>
  db
    .select({ questionId: comments.questionId, ...commentColumns })
    .from(comments)
    .where(and(dialect.inJsonList(comments.questionId, ids()), isShown(comments)))
    .orderBy(asc(comments.id))
    .prepare(),
);

const answerCommentRows = perDb((db) =>
  db
    .select({ answerId: answers.id, ...commentColumns })
    .from(answers)
    .innerJoin(comments, eq(comments.answerId, answers.id))
    .where(and(dialect.inJsonList(answers.questionId, ids()), isShown(answers), isShown(comments)))
    .orderBy(asc(comments.id))
    .prepare(),
);

function groupBy<R, K, V>(rows: readonly R[], key: (row: R) => K, value: (row: R) => V) {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    let list = groups.get(k);
    if (!list) groups.set(k, (list = []));
    list.push(value(row));
  }
  return groups;
}

/** One read of the questions with these ids (at most a few hundred at a time), in no set order. */
async function readChunk(db: Db, qids: readonly number[]): Promise<QuestionInFull[]> {
  const params = { ids: JSON.stringify(qids) };
  const tags = await tagsForQuestions(db, qids);
  const votes = groupBy(
    await voteRows(db).execute(params),
    (row) => row.questionId,
    (row) => row,
  );
  const answerComments = groupBy(
    await answerCommentRows(db).execute(params),
    (row) => row.answerId,
    ({ answerId: _, ...comment }): CommentView => comment,
  );
  const answersOf = groupBy(
    await answerRows(db).execute(params),
    (row) => row.questionId,
    ({ questionId: _, upVoteCount, downVoteCount, ...answer }) => ({
      ...answer,
      voteScore: voteScore(upVoteCount, downVoteCount),
      comments: answerComments.get(answer.id) ?? [],
    }),
  );
  const questionComments = groupBy(
    await questionCommentRows(db).execute(params),
    (row) => row.questionId,
    ({ questionId: _, ...comment }): CommentView => comment,
  );
  return (await questionRows(db).execute(params)).map(({ acceptedAnswerId, ...row }) => {
    const voters = votes.get(row.id) ?? [];
    return {
      ...row,
      tags: tags.get(row.id) ?? [],
      upVotes: voters.filter((v) => v.value === 1).map((v) => v.username),
      downVotes: voters.filter((v) => v.value === -1).map((v) => v.username),
      comments: questionComments.get(row.id) ?? [],
      answers: sortAnswers(answersOf.get(row.id) ?? [], acceptedAnswerId).map(
        ({ voteScore: _, ...answer }) => answer,
      ),
    };
  });
}

export const QUESTIONS_IN_FULL_CHUNK = 250;

/**
 * The questions with these ids, whole, in the order of `qids` (unknown ids are left out). Read in
 * chunks, yielding to other requests between them, so a long list never holds the server up at once.
 */
export async function readQuestionsInFull(
  { db }: ApiDeps,
  qids: readonly number[],
): Promise<QuestionInFull[]> {
  const byId = new Map<number, QuestionInFull>();
  for (let start = 0; start < qids.length; start += QUESTIONS_IN_FULL_CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const question of await readChunk(db, qids.slice(start, start + QUESTIONS_IN_FULL_CHUNK)))
      byId.set(question.id, question);
  }
  return qids.flatMap((qid) => byId.get(qid) ?? []);
}
