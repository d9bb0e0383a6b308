import { closeVotes, dialect, firstRow, questions, users, type Executor } from '@app/db';
import { closeMessages, questionMessages, type CloseQuestionInput } from '@app/validators';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import { isModerator, type Viewer } from '../../core/viewer';
import { writeTransaction, type WriteScope } from '../../core/write';
import { recordModeratorAction } from '../audit/audit';
import type { Closure } from './shapes';
import { isShown } from './visibility';

/** How the community closes a question: so many votes, each from someone with this reputation. */
export interface ClosingRules {
  votesNeeded: number;
  reputationNeeded: number;
}

declare module '../../core/deps' {
  interface ApiDeps {
    /** The settings of closing and reopening by vote (a moderator's vote is binding). */
    closing: ClosingRules;
  }
}

// drizzle leaves a one-table select's columns unqualified, and inside a subquery an unqualified
// name means the inner table's column when it has one: the outer question's columns are named in full.
const outerQuestionId = sql.raw('"questions"."id"');
const outerDuplicateOfId = sql.raw('"questions"."duplicate_of_id"');
const votesTo = (kind: 'close' | 'reopen') =>
  sql<number>`(select count(*) from ${closeVotes} where ${closeVotes.questionId} = ${outerQuestionId} and ${closeVotes.kind} = ${kind})`.mapWith(
    Number,
  );

/**
 * The closure's columns, for a read of `questions` that wants it in the same row (the question
 * page): `voter` is the user whose own pending vote is read (0 for nobody).
 */
export const closureColumns = (voter: unknown) => ({
  closedAt: questions.closedAt,
  duplicateOfId: questions.duplicateOfId,
  duplicateOfTitle: sql<
    string | null
  >`(select "original"."title" from ${questions} as "original" where "original"."id" = ${outerDuplicateOfId})`,
  closeVotes: votesTo('close'),
  reopenVotes: votesTo('reopen'),
  myClosureVote: sql<
    string | null
  >`(select ${closeVotes.kind} from ${closeVotes} where ${closeVotes.questionId} = ${outerQuestionId} and ${closeVotes.userId} = ${voter} limit 1)`,
});

interface ClosureColumns {
  closedAt: Date | null;
  duplicateOfId: number | null;
  duplicateOfTitle: string | null;
  closeVotes: number;
  reopenVotes: number;
  myClosureVote: string | null;
}

/** The closure and the viewer's own vote from a row read with closureColumns. */
export function closureFromRow(row: ClosureColumns): {
  closure: Closure;
  myClosureVote: 'close' | 'reopen' | null;
} {
  const { closedAt, duplicateOfId, duplicateOfTitle, closeVotes, reopenVotes } = row;
  const mine = row.myClosureVote;
  return {
    closure: {
      closedAt,
      duplicateOf:
        closedAt && duplicateOfId !== null && duplicateOfTitle !== null
          ? { id: duplicateOfId, title: duplicateOfTitle }
          : null,
      closeVotes,
      reopenVotes,
    },
    myClosureVote: mine === 'close' || mine === 'reopen' ? mine : null,
  };
}

/** The question's closure now, read inside a write. */
export async function closureOf(db: Executor, qid: number): Promise<Closure> {
  const row = await firstRow(
    db.select(closureColumns(0)).from(questions).where(eq(questions.id, qid)),
  );
  return row
    ? closureFromRow(row).closure
    : { closedAt: null, duplicateOf: null, closeVotes: 0, reopenVotes: 0 };
}

async function lockedQuestion(tx: Executor, qid: number) {
  await dialect.lockRows(tx, questions, eq(questions.id, qid));
  const row = await firstRow(
    tx
      .select({ closedAt: questions.closedAt, askedBy: questions.askedBy })
      .from(questions)
      .where(and(eq(questions.id, qid), isShown(questions))),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  return row;
}

/** Refuses a voter below the reputation the community's rules ask (moderators need none). */
async function assertMayVote(tx: Executor, viewer: Viewer, rules: ClosingRules): Promise<void> {
  const row = await firstRow(
    tx.select({ reputation: users.reputation }).from(users).where(eq(users.id, viewer.id)),
  );
  if ((row?.reputation ?? 0) < rules.reputationNeeded)
    throw new Refusal({
      code: 'FORBIDDEN',
      message: closeMessages.needsReputation(rules.reputationNeeded),
    });
}

/** Records the viewer's vote of a kind; CONFLICT when they already cast one on this question. */
async function castClosureVote(
  { tx, now }: Pick<WriteScope, 'tx' | 'now'>,
  viewer: Viewer,
  qid: number,
  kind: 'close' | 'reopen',
  duplicateOfId: number | null,
): Promise<number> {
  const inserted = await tx
    .insert(closeVotes)
    .values({ questionId: qid, userId: viewer.id, kind, duplicateOfId, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: closeVotes.userId });
  if (inserted.length === 0)
    throw new Refusal({ code: 'CONFLICT', message: closeMessages.alreadyVoted });
  const votes = await firstRow(
    tx
      .select({ n: count() })
      .from(closeVotes)
      .where(and(eq(closeVotes.questionId, qid), eq(closeVotes.kind, kind))),
  );
  return votes?.n ?? 0;
}

/** The original most close votes named (the earliest named among equals). */
async function chosenOriginal(tx: Executor, qid: number): Promise<number | null> {
  const row = await firstRow(
    tx
      .select({ id: closeVotes.duplicateOfId })
      .from(closeVotes)
      .where(and(eq(closeVotes.questionId, qid), eq(closeVotes.kind, 'close')))
      .groupBy(closeVotes.duplicateOfId)
      .orderBy(desc(count()), asc(sql`min(${closeVotes.createdAt})`))
      .limit(1),
  );
  return row?.id ?? null;
}

async function publishClosure(
  { tx, publish }: Pick<WriteScope, 'tx' | 'publish'>,
  qid: number,
): Promise<PublishedEvent<'question'>> {
  return publish('question', qid, { type: 'closure', qid, closure: await closureOf(tx, qid) });
}

/**
 * Closes the question as a duplicate of another: at once when a moderator votes (written to the
 * audit log; a moderator may also close it without naming an original), else once enough users with
 * enough reputation voted (the original most of them named). A closed question takes no new answers and shows a banner linking the original.
 */
export function voteToClose(
  deps: ApiDeps,
  viewer: Viewer,
  input: CloseQuestionInput,
): Promise<{ closure: Closure; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async (scope) => {
    const { tx, now } = scope;
    if (input.duplicateOf === input.qid)
      throw new Refusal({ code: 'BAD_REQUEST', message: closeMessages.notItself });
    const moderator = isModerator(viewer);
    if (input.duplicateOf === undefined && !moderator)
      throw new Refusal({ code: 'BAD_REQUEST', message: closeMessages.nameOriginal });
    const question = await lockedQuestion(tx, input.qid);
    if (question.closedAt)
      throw new Refusal({ code: 'CONFLICT', message: closeMessages.alreadyClosed });
    if (input.duplicateOf !== undefined) {
      const original = await firstRow(
        tx
          .select({ id: questions.id })
          .from(questions)
          .where(and(eq(questions.id, input.duplicateOf), isShown(questions))),
      );
      if (!original)
        throw new Refusal({ code: 'NOT_FOUND', message: closeMessages.originalNotFound });
    }
    if (!moderator) await assertMayVote(tx, viewer, deps.closing);
    const votes = moderator
      ? deps.closing.votesNeeded
      : await castClosureVote(scope, viewer, input.qid, 'close', input.duplicateOf ?? null);
    if (votes >= deps.closing.votesNeeded) {
      const duplicateOfId = moderator
        ? (input.duplicateOf ?? null)
        : ((await chosenOriginal(tx, input.qid)) ?? input.duplicateOf ?? null);
      await tx
        .update(questions)
        .set({ closedAt: now, closedBy: viewer.id, duplicateOfId })
        .where(eq(questions.id, input.qid));
      await tx.delete(closeVotes).where(eq(closeVotes.questionId, input.qid));
      if (moderator)
        await recordModeratorAction(scope, {
          moderatorId: viewer.id,
          action: 'close',
          targetKind: 'question',
          targetId: input.qid,
          targetUserId: question.askedBy,
          details: duplicateOfId === null ? '' : `duplicate of question ${duplicateOfId}`,
        });
    }
    const event = await publishClosure(scope, input.qid);
    return { closure: await closureOf(tx, input.qid), event };
  });
}

/** Reopens a closed question: at once for a moderator, else once enough users voted to. */
export function voteToReopen(
  deps: ApiDeps,
  viewer: Viewer,
  qid: number,
): Promise<{ closure: Closure; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async (scope) => {
    const { tx } = scope;
    const question = await lockedQuestion(tx, qid);
    if (!question.closedAt)
      throw new Refusal({ code: 'CONFLICT', message: closeMessages.notClosed });
    const moderator = isModerator(viewer);
    if (!moderator) await assertMayVote(tx, viewer, deps.closing);
    const votes = moderator
      ? deps.closing.votesNeeded
      : await castClosureVote(scope, viewer, qid, 'reopen', null);
    if (votes >= deps.closing.votesNeeded) {
      await tx
        .update(questions)
        .set({ closedAt: null, closedBy: null, duplicateOfId: null })
        .where(eq(questions.id, qid));
      await tx.delete(closeVotes).where(eq(closeVotes.questionId, qid));
      if (moderator)
        await recordModeratorAction(scope, {
          moderatorId: viewer.id,
          action: 'reopen',
          targetKind: 'question',
          targetId: qid,
          targetUserId: question.askedBy,
        });
    }
    const event = await publishClosure(scope, qid);
    return { closure: await closureOf(tx, qid), event };
  });
}
