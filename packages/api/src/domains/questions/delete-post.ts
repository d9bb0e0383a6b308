import {
  answers,
  comments,
  dialect,
  firstRow,
  questions,
  returnedRow,
  type Executor,
} from '@app/db';
import { deletionMessages, questionMessages, type PostRef } from '@app/validators';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import { isModerator, type Viewer } from '../../core/viewer';
import { writeTransaction, type WriteScope } from '../../core/write';
import { recordModeratorAction, settleFlags } from '../audit/audit';
import { postVisibilityChanged } from '../reputation/reputation';
import type { RemovalColumns } from './visibility';

/** A post as deletion reads it: its question, author and removal state. */
interface PostRow extends RemovalColumns {
  qid: number;
  authorId: number;
}

const removalColumns = <T extends typeof questions | typeof answers | typeof comments>(
  table: T,
) => ({
  deletedAt: table.deletedAt,
  deletedBy: table.deletedBy,
  hiddenAt: table.hiddenAt,
});

/** The post, deleted or not; NOT_FOUND in the kind's own words when there is none. */
async function findPost(tx: Executor, post: PostRef): Promise<PostRow> {
  if (post.type === 'question') {
    const row = await firstRow(
      tx
        .select({ qid: questions.id, authorId: questions.askedBy, ...removalColumns(questions) })
        .from(questions)
        .where(eq(questions.id, post.id)),
    );
    if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
    return row;
  }
  if (post.type === 'answer') {
    const row = await firstRow(
      tx
        .select({ qid: answers.questionId, authorId: answers.ansBy, ...removalColumns(answers) })
        .from(answers)
        .where(eq(answers.id, post.id)),
    );
    if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.answerNotFound });
    return row;
  }
  const row = await firstRow(
    tx
      .select({
        qid: sql<number>`coalesce(${comments.questionId}, (select ${answers.questionId} from ${answers} where ${answers.id} = ${comments.answerId}))`.mapWith(
          Number,
        ),
        authorId: comments.commentBy,
        ...removalColumns(comments),
      })
      .from(comments)
      .where(eq(comments.id, post.id)),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: deletionMessages.commentNotFound });
  return row;
}

/**
 * Stack Overflow's rule: an author may delete their question only while nobody's answer to it is
 * accepted or scored above zero (others invested in it); a moderator may delete any.
 */
async function othersInvested(tx: Executor, qid: number): Promise<boolean> {
  const question = await firstRow(
    tx
      .select({ accepted: questions.acceptedAnswerId })
      .from(questions)
      .where(eq(questions.id, qid)),
  );
  if (question?.accepted != null) return true;
  const scored = await firstRow(
    tx
      .select({ n: count() })
      .from(answers)
      .where(
        and(
          eq(answers.questionId, qid),
          isNull(answers.deletedAt),
          gt(sql`${answers.upVoteCount} - ${answers.downVoteCount}`, 0),
        ),
      ),
  );
  return (scored?.n ?? 0) > 0;
}

async function isAcceptedAnswer(tx: Executor, qid: number, answerId: number): Promise<boolean> {
  const question = await firstRow(
    tx
      .select({ accepted: questions.acceptedAnswerId })
      .from(questions)
      .where(eq(questions.id, qid)),
  );
  return question?.accepted === answerId;
}

const tableOf = { question: questions, answer: answers, comment: comments } as const;

/**
 * The question's answer count is the number of its answers everyone sees: counted again whenever
 * one is deleted, undeleted, hidden or shown.
 */
export async function recountAnswers(tx: Executor, qid: number): Promise<number> {
  const row = await returnedRow(
    tx
      .update(questions)
      .set({
        answerCount: sql`(select count(*) from ${answers} where ${answers.questionId} = ${qid} and ${answers.deletedAt} is null and ${answers.hiddenAt} is null)`,
      })
      .where(eq(questions.id, qid))
      .returning({ answerCount: questions.answerCount }),
  );
  return row.answerCount;
}

async function commentParent(
  tx: Executor,
  commentId: number,
): Promise<{ type: 'question' | 'answer'; id: number }> {
  const row = await returnedRow(
    tx
      .select({ questionId: comments.questionId, answerId: comments.answerId })
      .from(comments)
      .where(eq(comments.id, commentId)),
  );
  return row.questionId !== null
    ? { type: 'question', id: row.questionId }
    : { type: 'answer', id: row.answerId ?? 0 };
}

/**
 * Tells every open page that a post was removed or came back: the state it is in now (deleted,
 * hidden) and the question's answer count. Pages re-read what the viewer may see.
 */
export async function publishVisibility(
  { tx, publish }: Pick<WriteScope, 'tx' | 'publish'>,
  post: PostRef,
  qid: number,
): Promise<PublishedEvent<'question'>> {
  const table = tableOf[post.type];
  const state = await returnedRow(
    tx
      .select({ deletedAt: table.deletedAt, hiddenAt: table.hiddenAt })
      .from(table)
      .where(eq(table.id, post.id)),
  );
  const answerCount = await recountAnswers(tx, qid);
  const parent = post.type === 'comment' ? await commentParent(tx, post.id) : undefined;
  return publish('question', qid, {
    type: 'visibility',
    qid,
    post,
    ...(parent ? { parent } : {}),
    deleted: state.deletedAt !== null,
    hidden: state.hiddenAt !== null,
    answerCount,
  });
}

/**
 * Deletes (`deleted: true`) or undeletes a question, answer or comment. The author may delete their
 * own (a question only while nobody invested in it, an answer unless it is accepted) and undelete
 * what they deleted themselves; a moderator may do either to any post, which settles its flags and
 * is written to the audit log. Deleting what is already deleted changes nothing (a second click).
 */
export function setPostDeleted(
  deps: ApiDeps,
  viewer: Viewer,
  post: PostRef,
  deleted: boolean,
): Promise<{ event: PublishedEvent<'question'> | null }> {
  return writeTransaction(deps, async (scope) => {
    const { tx, now } = scope;
    const found = await findPost(tx, post);
    // Every change to the question's posts waits for this one: votes, accepts and new answers.
    await dialect.lockRows(tx, questions, eq(questions.id, found.qid));
    const moderator = isModerator(viewer);
    const author = found.authorId === viewer.id;
    if (!author && !moderator)
      throw new Refusal({
        code: 'FORBIDDEN',
        message: deleted
          ? deletionMessages.onlyAuthorDeletes
          : deletionMessages.onlyAuthorUndeletes,
      });
    if ((found.deletedAt !== null) === deleted) return { event: null };
    if (!moderator) {
      if (deleted && post.type === 'question' && (await othersInvested(tx, found.qid)))
        throw new Refusal({ code: 'FORBIDDEN', message: deletionMessages.questionInvested });
      if (deleted && post.type === 'answer' && (await isAcceptedAnswer(tx, found.qid, post.id)))
        throw new Refusal({ code: 'FORBIDDEN', message: deletionMessages.acceptedAnswer });
      if (!deleted && found.deletedBy !== viewer.id)
        throw new Refusal({ code: 'FORBIDDEN', message: deletionMessages.onlyModeratorUndeletes });
    }
    const table = tableOf[post.type];
    await tx
      .update(table)
      .set(
        deleted ? { deletedAt: now, deletedBy: viewer.id } : { deletedAt: null, deletedBy: null },
      )
      .where(eq(table.id, post.id));
    // What the post's votes (and an answer's acceptance) earned goes with it, and comes back.
    if (post.type !== 'comment')
      await postVisibilityChanged(scope, { kind: post.type, id: post.id }, !deleted);
    if (moderator && !author) {
      if (deleted) await settleFlags(scope, { kind: post.type, id: post.id }, viewer.id, 'handled');
      await recordModeratorAction(scope, {
        moderatorId: viewer.id,
        action: deleted ? 'delete' : 'undelete',
        targetKind: post.type,
        targetId: post.id,
        targetUserId: found.authorId,
      });
    }
    return { event: await publishVisibility(scope, post, found.qid) };
  });
}
