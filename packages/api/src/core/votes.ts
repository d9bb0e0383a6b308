import { dialect, firstRow, users, type Executor } from '@app/db';
import { voteScore } from '@app/validators';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { toggleVote, type VoteValue } from './vote-toggle';

/** Where one kind of thing keeps its votes: rows and counters (questions, answers, problems). */
export interface VoteTables {
  votes: {
    table: SQLiteTable;
    targetId: AnySQLiteColumn;
    userId: AnySQLiteColumn;
    value: AnySQLiteColumn;
    /** The vote rows in the order they were first cast. */
    castOrder: SQL;
  };
  target: {
    table: SQLiteTable;
    id: AnySQLiteColumn;
    upVoteCount: AnySQLiteColumn;
    downVoteCount: AnySQLiteColumn;
    voteVersion: AnySQLiteColumn;
  };
}

export interface VoteLists {
  upVotes: string[];
  downVotes: string[];
  myVote: VoteValue;
}

export interface VoteState {
  upVotes: string[];
  downVotes: string[];
  upVoteCount: number;
  downVoteCount: number;
  voteScore: number;
  voteVersion: number;
}

/** Who voted which way (in the order they first voted), and how the given user voted. */
export async function votesOn(
  tables: VoteTables,
  db: Executor,
  targetId: number,
  viewerId: number | null,
): Promise<VoteLists> {
  const { votes } = tables;
  const rows = (await db
    .select({ userId: votes.userId, username: users.username, value: votes.value })
    .from(votes.table)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(eq(votes.targetId, targetId))
    .orderBy(votes.castOrder)) as { userId: number; username: string; value: number }[];
  const mine = rows.find((row) => row.userId === viewerId)?.value ?? 0;
  return {
    upVotes: rows.filter((row) => row.value === 1).map((row) => row.username),
    downVotes: rows.filter((row) => row.value === -1).map((row) => row.username),
    myVote: mine as VoteValue,
  };
}

const column = (col: AnySQLiteColumn) => sql.identifier(col.name);

/**
 * Casts, switches or takes back the user's vote with the one toggle rule (vote-toggle), moving the
 * counters and the vote version with it. Call inside the write's transaction, after checking the
 * target exists; answers the voter's vote before and after, and the whole new vote state for the event.
 */
export async function castVote(
  tables: VoteTables,
  tx: Executor,
  targetId: number,
  userId: number,
  wanted: 'up' | 'down',
): Promise<{ before: VoteValue; myVote: VoteValue; state: VoteState }> {
  const { votes, target } = tables;
  // The post's row first: two votes by one user at once would both read "no vote yet".
  await dialect.lockRows(tx, target.table, eq(target.id, targetId));
  const mine = and(eq(votes.targetId, targetId), eq(votes.userId, userId));
  const row = (await firstRow(tx.select({ value: votes.value }).from(votes.table).where(mine))) as
    { value: number } | undefined;
  const before = (row?.value ?? 0) as VoteValue;
  const change = toggleVote(before, wanted);
  if (change.row === 'delete') await tx.delete(votes.table).where(mine);
  else if (change.row === 'update')
    await dialect.run(
      tx,
      sql`update ${votes.table} set ${column(votes.value)} = ${change.after} where ${mine}`,
    );
  else
    await dialect.run(
      tx,
      sql`insert into ${votes.table} (${column(votes.targetId)}, ${column(votes.userId)}, ${column(votes.value)}) values (${targetId}, ${userId}, ${change.after})`,
    );

  const [up, down, version] = [target.upVoteCount, target.downVoteCount, target.voteVersion].map(
    column,
  );
  const [counts] = await dialect.rows<{ up: number; down: number; version: number }>(
    tx,
    sql`update ${target.table} set ${up} = ${up} + ${change.upDelta}, ${down} = ${down} + ${change.downDelta}, ${version} = ${version} + 1 where ${column(target.id)} = ${targetId} returning ${up} as up, ${down} as down, ${version} as version`,
  );
  if (!counts) throw new Error('the voted post is gone');
  const { myVote, ...lists } = await votesOn(tables, tx, targetId, userId);
  return {
    before,
    myVote,
    state: {
      ...lists,
      upVoteCount: counts.up,
      downVoteCount: counts.down,
      voteScore: voteScore(counts.up, counts.down),
      voteVersion: counts.version,
    },
  };
}
