import { dialect, users, type Db, type Executor } from '@app/db';
import { voteScore } from '@app/validators';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { perDb } from './prepared';
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

/**
 * The statements of one kind of vote, built once per database handle (drizzle would rebuild each
 * query's SQL on every call, a quarter of a vote's CPU): the vote rows and counters are the same
 * few statements on every vote, only the ids and numbers change.
 */
function buildVoteStatements(tables: VoteTables, db: Executor) {
  const { votes, target } = tables;
  const key = keyOf(votes.table);
  const targetKey = keyOf(target.table);
  const mine = and(
    eq(votes.targetId, sql.placeholder('targetId')),
    eq(votes.userId, sql.placeholder('userId')),
  );
  const [up, down, version] = [target.upVoteCount, target.downVoteCount, target.voteVersion];
  return {
    lists: db
      .select({ userId: votes.userId, username: users.username, value: votes.value })
      .from(votes.table)
      .innerJoin(users, eq(users.id, votes.userId))
      .where(eq(votes.targetId, sql.placeholder('targetId')))
      .orderBy(votes.castOrder)
      .prepare(),
    mine: db.select({ value: votes.value }).from(votes.table).where(mine).prepare(),
    remove: db.delete(votes.table).where(mine).prepare(),
    change: db
      .update(votes.table)
      .set({ [key(votes.value)]: sql.placeholder('value') } as never)
      .where(mine)
      .prepare(),
    cast: db
      .insert(votes.table)
      .values({
        [key(votes.targetId)]: sql.placeholder('targetId'),
        [key(votes.userId)]: sql.placeholder('userId'),
        [key(votes.value)]: sql.placeholder('value'),
      } as never)
      .prepare(),
    count: db
      .update(target.table)
      .set({
        [targetKey(up)]: sql`${up} + ${sql.placeholder('upDelta')}`,
        [targetKey(down)]: sql`${down} + ${sql.placeholder('downDelta')}`,
        [targetKey(version)]: sql`${version} + 1`,
      } as never)
      .where(eq(target.id, sql.placeholder('targetId')))
      .returning({ up, down, version })
      .prepare(),
  };
}

/** The property a column has in its table's definition (what drizzle's set and values take). */
function keyOf(table: SQLiteTable): (column: AnySQLiteColumn) => string {
  const columns = Object.entries(getTableColumns(table));
  return (column) => {
    const found = columns.find(([, each]) => each === column);
    if (!found) throw new Error(`${column.name} is not a column of its vote table`);
    return found[0];
  };
}

const voteStatements = perDb(() => new Map<VoteTables, ReturnType<typeof buildVoteStatements>>());
function statementsOf(tables: VoteTables, db: Executor) {
  const built = voteStatements(db as Db);
  let statements = built.get(tables);
  if (!statements) built.set(tables, (statements = buildVoteStatements(tables, db)));
  return statements;
}

/** Who voted which way (in the order they first voted), and how the given user voted. */
export async function votesOn(
  tables: VoteTables,
  db: Executor,
  targetId: number,
  viewerId: number | null,
): Promise<VoteLists> {
  const rows = (await statementsOf(tables, db).lists.execute({ targetId })) as {
    userId: number;
    username: string;
    value: number;
  }[];
  const mine = rows.find((row) => row.userId === viewerId)?.value ?? 0;
  return {
    upVotes: rows.filter((row) => row.value === 1).map((row) => row.username),
    downVotes: rows.filter((row) => row.value === -1).map((row) => row.username),
    myVote: mine as VoteValue,
  };
}

/**
 * Casts, switches or takes back the user's vote with the one toggle rule (vote-toggle), moving the
 * counters and the vote version with it. Call inside the write's transaction, after checking the
 * target exists; answers the voter's vote before and after, and the whole new vote state for the event.
 * `targetLocked`: the caller has locked the target's row in this transaction already (reputation
 * reads a post's author under its lock), so it is not locked again (a round trip on PostgreSQL).
 */
export async function castVote(
  tables: VoteTables,
  tx: Executor,
  targetId: number,
  userId: number,
  wanted: 'up' | 'down',
  { targetLocked = false }: { targetLocked?: boolean } = {},
): Promise<{ before: VoteValue; myVote: VoteValue; state: VoteState }> {
  const { target } = tables;
  const statements = statementsOf(tables, tx);
  // The post's row first: two votes by one user at once would both read "no vote yet".
  if (!targetLocked) await dialect.lockRows(tx, target.table, eq(target.id, targetId));
  const [row] = (await statements.mine.execute({ targetId, userId })) as { value: number }[];
  const before = (row?.value ?? 0) as VoteValue;
  const change = toggleVote(before, wanted);
  if (change.row === 'delete') await statements.remove.execute({ targetId, userId });
  else if (change.row === 'update')
    await statements.change.execute({ targetId, userId, value: change.after });
  else await statements.cast.execute({ targetId, userId, value: change.after });

  const [counts] = (await statements.count.execute({
    targetId,
    upDelta: change.upDelta,
    downDelta: change.downDelta,
  })) as { up: number; down: number; version: number }[];
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
