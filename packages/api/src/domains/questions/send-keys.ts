import { answers, comments, firstRow, questions } from '@app/db';
import { voteScore, type QuestionActivity } from '@app/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import type { AnswerView, CommentView, QuestionSummary } from './shapes';
import { tagsForQuestions } from './tags';

// A post whose send timed out on the author's side may still have been posted (the server was slow,
// not gone): the device sends it again with the same key, and the post made first is the answer, as
// it was posted (what it gained since, votes and comments, comes live like anything else).
// (author, key) is unique in each table, so two sends racing with one key cannot both post.

// Every post sent with a key (the web's always are) looks for it first: built once per connection.
const questionWithKey = perDb((db) =>
  db
    .select({
      id: questions.id,
      title: questions.title,
      askDateTime: questions.askDateTime,
      lastActivityAt: questions.lastActivityAt,
      answerCount: questions.answerCount,
      viewCount: questions.viewCount,
      upVoteCount: questions.upVoteCount,
      downVoteCount: questions.downVoteCount,
      acceptedAnswerId: questions.acceptedAnswerId,
      editedAt: questions.editedAt,
    })
    .from(questions)
    .where(
      and(
        eq(questions.askedBy, sql.placeholder('author')),
        eq(questions.sendKey, sql.placeholder('sendKey')),
      ),
    )
    .prepare(),
);

const answerWithKey = perDb((db) =>
  db
    .select({
      id: answers.id,
      text: answers.text,
      ansDateTime: answers.ansDateTime,
      upVoteCount: answers.upVoteCount,
      downVoteCount: answers.downVoteCount,
      voteVersion: answers.voteVersion,
      editedAt: answers.editedAt,
      revisionCount: answers.revisionCount,
    })
    .from(answers)
    .where(
      and(
        eq(answers.ansBy, sql.placeholder('author')),
        eq(answers.sendKey, sql.placeholder('sendKey')),
        eq(answers.questionId, sql.placeholder('qid')),
      ),
    )
    .prepare(),
);

/** A comment's statement for each kind of parent: on the question (questionId), or on an answer. */
const commentWithKey = (parentColumn: typeof comments.questionId | typeof comments.answerId) =>
  perDb((db) =>
    db
      .select({
        id: comments.id,
        text: comments.text,
        commentDateTime: comments.commentDateTime,
        editedAt: comments.editedAt,
      })
      .from(comments)
      .where(
        and(
          eq(comments.commentBy, sql.placeholder('author')),
          eq(comments.sendKey, sql.placeholder('sendKey')),
          eq(parentColumn, sql.placeholder('parent')),
        ),
      )
      .prepare(),
  );
const commentOnQuestionWithKey = commentWithKey(comments.questionId);
const commentOnAnswerWithKey = commentWithKey(comments.answerId);

/** What happened last, from the times the row keeps (the list works out answers' edits too). */
function activityKind(
  last: Date,
  asked: Date,
  edited: Date | null,
  answerCount: number,
): QuestionActivity {
  if (last.getTime() === asked.getTime()) return 'asked';
  if (edited && last.getTime() === edited.getTime()) return 'modified';
  return answerCount > 0 ? 'answered' : 'commented';
}

/** The viewer's question asked with this key, if there is one. */
export async function questionSentWith(
  { db }: ApiDeps,
  viewer: Viewer,
  sendKey: string,
): Promise<QuestionSummary | null> {
  const row = await firstRow(questionWithKey(db).execute({ author: viewer.id, sendKey }));
  if (!row) return null;
  const { acceptedAnswerId, editedAt, ...counted } = row;
  const tags = (await tagsForQuestions(db, [row.id])).get(row.id) ?? [];
  return {
    ...counted,
    tags,
    askedBy: viewer.username,
    lastActivityKind: activityKind(row.lastActivityAt, row.askDateTime, editedAt, row.answerCount),
    voteScore: voteScore(row.upVoteCount, row.downVoteCount),
    hasAcceptedAnswer: acceptedAnswerId !== null,
  };
}

/** The viewer's answer to this question sent with this key, if there is one. */
export async function answerSentWith(
  { db }: ApiDeps,
  viewer: Viewer,
  qid: number,
  sendKey: string,
): Promise<AnswerView | null> {
  const row = await firstRow(answerWithKey(db).execute({ author: viewer.id, sendKey, qid }));
  if (!row) return null;
  const { upVoteCount, downVoteCount, ...posted } = row;
  return {
    ...posted,
    ansBy: viewer.username,
    upVotes: [],
    downVotes: [],
    myVote: 0,
    voteScore: voteScore(upVoteCount, downVoteCount),
    comments: [],
  };
}

/** The viewer's comment on this question or answer sent with this key, if there is one. */
export async function commentSentWith(
  { db }: ApiDeps,
  viewer: Viewer,
  parent: { type: 'question' | 'answer'; id: number },
  sendKey: string,
): Promise<CommentView | null> {
  const statement = parent.type === 'question' ? commentOnQuestionWithKey : commentOnAnswerWithKey;
  const row = await firstRow(
    statement(db).execute({ author: viewer.id, sendKey, parent: parent.id }),
  );
  if (!row) return null;
  const { editedAt, ...posted } = row;
  return { ...posted, commentBy: viewer.username, ...(editedAt ? { editedAt } : {}) };
}
