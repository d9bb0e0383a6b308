import { answers, comments, questions, users } from '@app/db';
import { questionMessages, voteScore } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../deps';
import { perDb } from '../shared/prepared';
import type { Viewer } from '../users/sessions';
import type { AnswerView, CommentView, QuestionDetail } from './question-shapes';
import { votesOnQuestion } from './question-votes';
import { tagsForQuestions } from './tags';

// Authors are read by id: a deleted account keeps its row and name, so its posts still show it.
const usernameOf = (userId: unknown) =>
  sql<string>`(select ${users.username} from ${users} where ${users.id} = ${userId})`;

const questionRow = perDb((db) =>
  db
    .select({
      id: questions.id,
      title: questions.title,
      text: questions.text,
      askedBy: usernameOf(questions.askedBy),
      askDateTime: questions.askDateTime,
      lastActivityAt: questions.lastActivityAt,
      viewCount: questions.viewCount,
      answerCount: questions.answerCount,
      upVoteCount: questions.upVoteCount,
      downVoteCount: questions.downVoteCount,
      voteVersion: questions.voteVersion,
    })
    .from(questions)
    .where(eq(questions.id, sql.placeholder('qid')))
    .prepare(),
);

const commentColumns = {
  id: comments.id,
  text: comments.text,
  commentBy: usernameOf(comments.commentBy),
  commentDateTime: comments.commentDateTime,
};

const questionComments = perDb((db) =>
  db
    .select(commentColumns)
    .from(comments)
    .where(eq(comments.questionId, sql.placeholder('qid')))
    .orderBy(asc(comments.id))
    .prepare(),
);

const questionAnswers = perDb((db) =>
  db
    .select({
      id: answers.id,
      text: answers.text,
      ansBy: usernameOf(answers.ansBy),
      ansDateTime: answers.ansDateTime,
    })
    .from(answers)
    .where(eq(answers.questionId, sql.placeholder('qid')))
    .orderBy(asc(answers.id))
    .prepare(),
);

// The comments of all answers of a question at once, rather than one query per answer.
const answerComments = perDb((db) =>
  db
    .select({ answerId: answers.id, ...commentColumns })
    .from(answers)
    .innerJoin(comments, eq(comments.answerId, answers.id))
    .where(eq(answers.questionId, sql.placeholder('qid')))
    .orderBy(asc(comments.id))
    .prepare(),
);

/** The whole question page: text, tags, votes (and the viewer's own), comments, answers with theirs. */
export async function getQuestion(
  { db }: ApiDeps,
  viewer: Viewer | null,
  qid: number,
): Promise<QuestionDetail> {
  const row = questionRow(db).get({ qid });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  const byAnswer = new Map<number, CommentView[]>();
  for (const { answerId, ...comment } of answerComments(db).all({ qid })) {
    let list = byAnswer.get(answerId);
    if (!list) byAnswer.set(answerId, (list = []));
    list.push(comment);
  }
  const answerViews = questionAnswers(db)
    .all({ qid })
    .map((answer): AnswerView => ({ ...answer, comments: byAnswer.get(answer.id) ?? [] }));
  const { upVoteCount, downVoteCount, ...question } = row;
  return {
    ...question,
    tags: tagsForQuestions(db, [qid]).get(qid) ?? [],
    ...votesOnQuestion(db, qid, viewer?.id ?? null),
    voteScore: voteScore(upVoteCount, downVoteCount),
    comments: questionComments(db).all({ qid }),
    answers: answerViews,
  };
}
