import { games, problems, users, type Db } from '@app/db';
import { newCollabCodeGame, newNimGame } from '@app/games';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';

const MINUTE = 60 * 1000;

/** The demo CollabCode game's problem (one of DEMO_PROBLEMS). */
export const DEMO_GAME_PROBLEM = 'Two Sum';

export const DEMO_GAMES = {
  nim: { title: 'Friendly Nim', createdBy: 'bob' },
  collabCode: { title: 'Pair on Two Sum', createdBy: 'alice', playerLimit: 4, timeLimit: 60 },
} as const;

/**
 * One open Nim game and one open CollabCode game on a demo problem, both public and waiting for
 * players. The CollabCode document needs no rows: the server starts it from the problem's function
 * signature on first load. Does nothing when any game exists.
 */
export function seedDemoGames(db: Db, now = Date.now()): void {
  const existing =
    db
      .select({ n: sql<number>`count(*)` })
      .from(games)
      .get()?.n ?? 0;
  if (existing > 0) return;
  const userId = (username: string) => {
    const row = db.select({ id: users.id }).from(users).where(eq(users.username, username)).get();
    if (!row) throw new Error(`demo user ${username} is missing`);
    return row.id;
  };
  const problem = db
    .select({ id: problems.id })
    .from(problems)
    .where(eq(problems.title, DEMO_GAME_PROBLEM))
    .get();
  if (!problem) throw new Error(`demo problem ${DEMO_GAME_PROBLEM} is missing`);

  const nim = newNimGame();
  const collab = newCollabCodeGame({
    playerLimit: DEMO_GAMES.collabCode.playerLimit,
    timeLimit: DEMO_GAMES.collabCode.timeLimit,
    problemId: problem.id,
  });
  db.transaction((tx) => {
    tx.insert(games)
      .values([
        {
          id: randomBytes(9).toString('base64url'),
          title: DEMO_GAMES.nim.title,
          gameType: 'Nim',
          passwordHash: null,
          status: nim.status,
          state: nim,
          problemId: null,
          createdBy: userId(DEMO_GAMES.nim.createdBy),
          createdAt: new Date(now - 20 * MINUTE),
          updatedAt: new Date(now - 20 * MINUTE),
        },
        {
          id: randomBytes(9).toString('base64url'),
          title: DEMO_GAMES.collabCode.title,
          gameType: 'CollabCode',
          passwordHash: null,
          status: collab.status,
          state: collab,
          problemId: problem.id,
          createdBy: userId(DEMO_GAMES.collabCode.createdBy),
          createdAt: new Date(now - 10 * MINUTE),
          updatedAt: new Date(now - 10 * MINUTE),
        },
      ])
      .run();
  });
}
