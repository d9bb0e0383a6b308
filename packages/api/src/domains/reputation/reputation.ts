import {
  answers,
  answerVotes,
  type Db,
  dialect,
  firstRow,
  type Executor,
  questions,
  questionVotes,
  reputationChanges,
  users,
} from '@app/db';
import { shownReputation } from '@app/validators';
import { eq, sql } from 'drizzle-orm';
import { perDb, perDbAndCount } from '../../core/prepared';
import type { WriteScope } from '../../core/write';
import {
  acceptanceEarnings,
  type PostKind,
  type ReputationDelta,
  visibilityDeltas,
  voteEarnings,
  type VoteValue,
} from './rules';

/** The post a change is about, for the history's link. */
export interface ReputationSubject {
  questionId: number;
  answerId?: number | null;
}

/**
 * Applies reputation changes inside the write's own transaction: one reputation_changes row per
 * delta, each user's stored sum moved by their total (`reputation = reputation + n`, so writers side
 * by side on PostgreSQL add up), and a 'reputation' event on the 'user' topic with the number now
 * shown. Users are updated in id order, so two transactions never wait on each other in a circle.
 */
export async function applyReputation(
  { tx, now, publish }: WriteScope,
  deltas: ReputationDelta[],
  subject: ReputationSubject,
): Promise<void> {
  const rows = deltas.filter((change) => change.delta !== 0);
  if (rows.length === 0) return;
  const statements = reputationStatements(tx as Db);
  for (let from = 0; from < rows.length; from += CHANGES_PER_STATEMENT) {
    const part = rows.slice(from, from + CHANGES_PER_STATEMENT);
    const values: Record<string, unknown> = {
      questionId: subject.questionId,
      answerId: subject.answerId ?? null,
      // An insert's placeholder goes through its column, as a value would: the Date itself.
      createdAt: now,
    };
    part.forEach((change, i) => {
      values[`userId${i}`] = change.userId;
      values[`delta${i}`] = change.delta;
      values[`reason${i}`] = change.reason;
    });
    await recordChanges(tx as Db, part.length).execute(values);
  }
  const totals = new Map<number, number>();
  for (const { userId, delta } of rows) totals.set(userId, (totals.get(userId) ?? 0) + delta);
  for (const [userId, total] of [...totals].sort(([a], [b]) => a - b)) {
    if (total === 0) continue;
    const [user] = (await statements.addTo.execute({ userId, total })) as {
      username: string;
      reputation: number;
    }[];
    if (!user) continue;
    const reputation = shownReputation(user.reputation);
    publish('user', user.username, { type: 'reputation', username: user.username, reputation });
  }
}

/** A vote records one to three changes (its author's, the voter's, the one it replaces). */
const CHANGES_PER_STATEMENT = 4;

/**
 * The insert of `count` changes about one post, in one statement (one round trip): built once per
 * connection and per number of changes (1 to CHANGES_PER_STATEMENT).
 */
const recordChanges = perDbAndCount((db, count) =>
  db
    .insert(reputationChanges)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: sql.placeholder(`userId${i}`),
        delta: sql.placeholder(`delta${i}`),
        reason: sql.placeholder(`reason${i}`),
        questionId: sql.placeholder('questionId'),
        answerId: sql.placeholder('answerId'),
        createdAt: sql.placeholder('createdAt'),
      })),
    )
    .prepare(),
);

// Built once per connection: every vote moves its users' sums and locks its post with these.
const reputationStatements = perDb((db) => ({
  addTo: db
    .update(users)
    .set({ reputation: sql`${users.reputation} + ${sql.placeholder('total')}` })
    .where(eq(users.id, sql.placeholder('userId')))
    .returning({ username: users.username, reputation: users.reputation })
    .prepare(),
  // The post's row, read and locked for the rest of the write in one statement.
  question: dialect
    .lockingRead(
      db
        .select({ authorId: questions.askedBy, deletedAt: questions.deletedAt })
        .from(questions)
        .where(eq(questions.id, sql.placeholder('id'))),
    )
    .prepare(),
  answer: dialect
    .lockingRead(
      db
        .select({
          authorId: answers.ansBy,
          questionId: answers.questionId,
          deletedAt: answers.deletedAt,
        })
        .from(answers)
        .where(eq(answers.id, sql.placeholder('id'))),
    )
    .prepare(),
}));

/** A question or answer as reputation needs it: its author, question, and whether it is deleted. */
export interface PostForReputation {
  authorId: number;
  questionId: number;
  deleted: boolean;
}

/**
 * The post's author and state, its row locked for the rest of the write (the vote, acceptance or
 * deletion that follows reads and changes what it earned). Null when there is no such post.
 */
export async function lockPostForReputation(
  tx: Executor,
  kind: PostKind,
  id: number,
): Promise<PostForReputation | null> {
  const statements = reputationStatements(tx as Db);
  if (kind === 'question') {
    const [row] = (await statements.question.execute({ id })) as {
      authorId: number;
      deletedAt: unknown;
    }[];
    return row ? { authorId: row.authorId, questionId: id, deleted: row.deletedAt !== null } : null;
  }
  const [row] = (await statements.answer.execute({ id })) as {
    authorId: number;
    questionId: number;
    deletedAt: unknown;
  }[];
  return row
    ? { authorId: row.authorId, questionId: row.questionId, deleted: row.deletedAt !== null }
    : null;
}

/** Everything a post's standing votes (and, for an answer, its acceptance) earn or cost now. */
export async function postEarnings(
  tx: Executor,
  post: { kind: PostKind; id: number },
): Promise<{ questionId: number; earnings: ReputationDelta[] } | null> {
  const found = await lockPostForReputation(tx, post.kind, post.id);
  if (!found) return null;
  const { authorId, questionId } = found;
  const voteRows =
    post.kind === 'question'
      ? await tx
          .select({ voterId: questionVotes.userId, value: questionVotes.value })
          .from(questionVotes)
          .where(eq(questionVotes.questionId, post.id))
      : await tx
          .select({ voterId: answerVotes.userId, value: answerVotes.value })
          .from(answerVotes)
          .where(eq(answerVotes.answerId, post.id));
  const earnings = voteRows.flatMap(({ voterId, value }) =>
    voteEarnings({ kind: post.kind, value: value as VoteValue, voterId, authorId }),
  );
  if (post.kind === 'answer') {
    const question = await firstRow(
      tx
        .select({ askedBy: questions.askedBy, acceptedAnswerId: questions.acceptedAnswerId })
        .from(questions)
        .where(eq(questions.id, questionId)),
    );
    if (question?.acceptedAnswerId === post.id)
      earnings.push(...acceptanceEarnings({ askerId: question.askedBy, answererId: authorId }));
  }
  return { questionId, earnings };
}

/**
 * A post was deleted (visible false) or restored (true): takes back, or gives back, everything its
 * votes earned or cost (the author's points, and on an answer the point each downvoter paid) and,
 * for an answer, what its acceptance earned the answerer and the asker. Call it in the deletion's
 * own transaction, once per change of visibility, before anything else about the post (such as its
 * acceptance) changes. A deleted question takes back only what its own votes earned: its answers
 * keep theirs until they are deleted themselves.
 */
export async function postVisibilityChanged(
  scope: WriteScope,
  post: { kind: PostKind; id: number },
  visible: boolean,
): Promise<void> {
  const found = await postEarnings(scope.tx, post);
  if (!found) return;
  await applyReputation(scope, visibilityDeltas(post.kind, visible, found.earnings), {
    questionId: found.questionId,
    answerId: post.kind === 'answer' ? post.id : null,
  });
}
