import { answers, comments, questions, questionTags, questionViews, users, type Db } from '@app/db';
import { questionMessages, type CreateQuestionInput } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import type { EventBus } from '../events';
import { perDb } from './prepared';
import type { AnswerView, CommentView, QuestionDetail, QuestionSummary } from './question-shapes';
import type { Viewer } from './sessions';
import { assertQuestionExists } from './question-exists';
import { findOrCreateTags, tagsForQuestions } from './tags';
import { votesOnQuestion } from './votes';

/** Asks a question as the signed-in viewer, now; tags are found or created in the same transaction. */
export function createQuestion(
  db: Db,
  events: EventBus,
  viewer: Viewer,
  input: CreateQuestionInput,
): QuestionSummary {
  const now = new Date();
  const question = db.transaction((tx): QuestionSummary => {
    const tags = findOrCreateTags(tx, input.tags);
    const { id } = tx
      .insert(questions)
      .values({
        title: input.title,
        text: input.text,
        askedBy: viewer.id,
        askDateTime: now,
        lastActivityAt: now,
      })
      .returning({ id: questions.id })
      .get();
    tx.insert(questionTags)
      .values(tags.map((tag, position) => ({ questionId: id, tagId: tag.id, position })))
      .run();
    return {
      id,
      title: input.title,
      tags,
      askedBy: viewer.username,
      askDateTime: now,
      lastActivityAt: now,
      answerCount: 0,
      viewCount: 0,
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
    };
  });
  events.publish('question', { type: 'created', qid: question.id, question });
  return question;
}

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
export function getQuestion(db: Db, viewer: Viewer | null, qid: number): QuestionDetail {
  const question = questionRow(db).get({ qid });
  if (!question)
    throw new TRPCError({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  const byAnswer = new Map<number, CommentView[]>();
  for (const { answerId, ...comment } of answerComments(db).all({ qid })) {
    let list = byAnswer.get(answerId);
    if (!list) byAnswer.set(answerId, (list = []));
    list.push(comment);
  }
  const answerViews = questionAnswers(db)
    .all({ qid })
    .map((answer): AnswerView => ({ ...answer, comments: byAnswer.get(answer.id) ?? [] }));
  const votes = votesOnQuestion(db, qid, viewer?.id ?? null);
  return {
    ...question,
    tags: tagsForQuestions(db, [qid]).get(qid) ?? [],
    ...votes,
    voteScore: votes.upVotes.length - votes.downVotes.length,
    comments: questionComments(db).all({ qid }),
    answers: answerViews,
  };
}

/**
 * Counts the viewer's view of a question once: views are a set of users, so a second visit changes
 * nothing and publishes nothing.
 */
export function recordView(
  db: Db,
  events: EventBus,
  viewer: Viewer,
  qid: number,
): { qid: number; viewCount: number } {
  const result = db.transaction((tx) => {
    assertQuestionExists(tx, qid);
    const added = tx
      .insert(questionViews)
      .values({ questionId: qid, userId: viewer.id, viewedAt: new Date() })
      .onConflictDoNothing()
      .run().changes;
    const counted = added > 0;
    const row = counted
      ? tx
          .update(questions)
          .set({ viewCount: sql`${questions.viewCount} + 1` })
          .where(eq(questions.id, qid))
          .returning({ viewCount: questions.viewCount })
          .get()
      : tx
          .select({ viewCount: questions.viewCount })
          .from(questions)
          .where(eq(questions.id, qid))
          .get();
    return { counted, viewCount: row?.viewCount ?? 0 };
  });
  if (result.counted)
    events.publish('question', { type: 'viewed', qid, viewCount: result.viewCount });
  return { qid, viewCount: result.viewCount };
}
