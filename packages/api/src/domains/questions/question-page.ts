import {
  firstRow,
  answers,
  answerVotes,
  comments,
  type Db,
  dialect,
  questions,
  questionVotes,
  users,
} from '@app/db';
import { questionMessages, sortAnswers, voteScore } from '@app/validators';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import type { VoteLists } from '../../core/votes';
import type { AnswerView, CommentView, PostRemoval, QuestionDetail } from './shapes';
import { removalFor, type RemovalColumns } from './visibility';
import { closureColumns, closureFromRow } from './close-question';
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
      acceptedAnswerId: questions.acceptedAnswerId,
      acceptVersion: questions.acceptVersion,
      editedAt: questions.editedAt,
      revisionCount: questions.revisionCount,
      authorId: questions.askedBy,
      deletedAt: questions.deletedAt,
      deletedBy: questions.deletedBy,
      hiddenAt: questions.hiddenAt,
      ...closureColumns(sql.placeholder('voter')),
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
  editedAt: comments.editedAt,
  authorId: comments.commentBy,
  deletedAt: comments.deletedAt,
  deletedBy: comments.deletedBy,
  hiddenAt: comments.hiddenAt,
};

const questionAnswers = perDb((db) =>
  db
    .select({
      id: answers.id,
      text: answers.text,
      ansBy: usernameOf(answers.ansBy),
      ansDateTime: answers.ansDateTime,
      upVoteCount: answers.upVoteCount,
      downVoteCount: answers.downVoteCount,
      voteVersion: answers.voteVersion,
      editedAt: answers.editedAt,
      revisionCount: answers.revisionCount,
      authorId: answers.ansBy,
      deletedAt: answers.deletedAt,
      deletedBy: answers.deletedBy,
      hiddenAt: answers.hiddenAt,
    })
    .from(answers)
    .where(eq(answers.questionId, sql.placeholder('qid')))
    .orderBy(asc(answers.id))
    .prepare(),
);

// Every comment of the page in one statement, oldest first: on the question (answerId null) and on
// each of its answers.
const pageComments = perDb((db) =>
  db
    .select({ answerId: sql<number | null>`null`.as('answer_id'), ...commentColumns })
    .from(comments)
    .where(eq(comments.questionId, sql.placeholder('qid')))
    .unionAll(
      db
        .select({ answerId: sql<number | null>`${answers.id}`.as('answer_id'), ...commentColumns })
        .from(answers)
        .innerJoin(comments, eq(comments.answerId, answers.id))
        .where(eq(answers.questionId, sql.placeholder('qid'))),
    )
    .orderBy(sql`${sql.identifier(comments.id.name)}`)
    .prepare(),
);

// Every vote of the page in one statement: on the question (answerId null) and on each of its
// answers, each target's votes in the order they were first cast.
const pageVotes = perDb((db) =>
  db
    .select({
      answerId: sql<number | null>`null`.as('answer_id'),
      userId: questionVotes.userId,
      username: users.username,
      value: questionVotes.value,
      castOrder: sql<number>`${dialect.insertionOrder(questionVotes)}`.as('cast_order'),
    })
    .from(questionVotes)
    .innerJoin(users, eq(users.id, questionVotes.userId))
    .where(eq(questionVotes.questionId, sql.placeholder('qid')))
    .unionAll(
      db
        .select({
          answerId: sql<number | null>`${answerVotes.answerId}`.as('answer_id'),
          userId: answerVotes.userId,
          username: users.username,
          value: answerVotes.value,
          castOrder: sql<number>`${dialect.insertionOrder(answerVotes)}`.as('cast_order'),
        })
        .from(answerVotes)
        .innerJoin(answers, eq(answers.id, answerVotes.answerId))
        .innerJoin(users, eq(users.id, answerVotes.userId))
        .where(eq(answers.questionId, sql.placeholder('qid'))),
    )
    .orderBy(sql`cast_order`)
    .prepare(),
);

/** Who voted which way on the question (key null) and on each answer, and how the viewer did. */
async function votesOnPage(
  db: Db,
  qid: number,
  viewerId: number | null,
): Promise<Map<number | null, VoteLists>> {
  const byTarget = new Map<number | null, VoteLists>();
  for (const row of await pageVotes(db).execute({ qid })) {
    let lists = byTarget.get(row.answerId);
    if (!lists) byTarget.set(row.answerId, (lists = { upVotes: [], downVotes: [], myVote: 0 }));
    (row.value === 1 ? lists.upVotes : lists.downVotes).push(row.username);
    if (row.userId === viewerId) lists.myVote = row.value === 1 ? 1 : -1;
  }
  return byTarget;
}

const noVotes = (): VoteLists => ({ upVotes: [], downVotes: [], myVote: 0 });

/**
 * The post as this viewer may see it, without the columns that decided it: null when it was
 * deleted or hidden and the viewer is neither its author nor a moderator.
 */
function seenBy<T extends RemovalColumns & { authorId: number }>(
  post: T,
  viewer: Viewer | null,
): (Omit<T, keyof RemovalColumns | 'authorId'> & { removal?: PostRemoval }) | null {
  const { visible, removal } = removalFor(post, viewer);
  if (!visible) return null;
  const { authorId: _author, deletedAt: _at, deletedBy: _by, hiddenAt: _hidden, ...rest } = post;
  return removal ? { ...rest, removal } : rest;
}

/** A comment as the page gives it: its edit time only once it was edited. */
function commentView(
  comment: Omit<CommentView, 'editedAt'> & { editedAt: Date | null },
): CommentView {
  const { editedAt, ...rest } = comment;
  return editedAt ? { ...rest, editedAt } : rest;
}

/**
 * The whole question page: text, tags, votes (and the viewer's own), comments, and the answers with
 * their votes and comments, the accepted one first, then by score, then oldest (sortAnswers).
 */
export async function getQuestion(
  { db }: ApiDeps,
  viewer: Viewer | null,
  qid: number,
): Promise<QuestionDetail> {
  const found = await firstRow(questionRow(db).execute({ qid, voter: viewer?.id ?? 0 }));
  const row = found && seenBy(found, viewer);
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  // Comments by parent (null: the question itself), each list oldest first.
  const byParent = new Map<number | null, CommentView[]>();
  for (const { answerId, ...found } of await pageComments(db).execute({ qid })) {
    const comment = seenBy(found, viewer);
    if (!comment) continue;
    let list = byParent.get(answerId);
    if (!list) byParent.set(answerId, (list = []));
    list.push(commentView(comment));
  }
  const votes = await votesOnPage(db, qid, viewer?.id ?? null);
  const answerViews = (await questionAnswers(db).execute({ qid }))
    .map((found) => seenBy(found, viewer))
    .filter((answer) => answer !== null)
    .map(({ upVoteCount, downVoteCount, ...answer }): AnswerView => ({
      ...answer,
      ...(votes.get(answer.id) ?? noVotes()),
      voteScore: voteScore(upVoteCount, downVoteCount),
      comments: byParent.get(answer.id) ?? [],
    }));
  const {
    upVoteCount,
    downVoteCount,
    closedAt,
    duplicateOfId,
    duplicateOfTitle,
    closeVotes,
    reopenVotes,
    myClosureVote,
    ...question
  } = row;
  return {
    ...question,
    tags: (await tagsForQuestions(db, [qid])).get(qid) ?? [],
    ...(votes.get(null) ?? noVotes()),
    voteScore: voteScore(upVoteCount, downVoteCount),
    comments: byParent.get(null) ?? [],
    answers: sortAnswers(answerViews, question.acceptedAnswerId),
    ...closureFromRow({
      closedAt,
      duplicateOfId,
      duplicateOfTitle,
      closeVotes,
      reopenVotes,
      myClosureVote,
    }),
  };
}
