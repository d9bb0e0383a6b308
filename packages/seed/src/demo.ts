import { hashPassword } from '@app/api';
import { users, type Db } from '@app/db';
import { sql } from 'drizzle-orm';
import { seedDemoGames } from './demo-games';
import { seedDemoMessages } from './demo-messages';
import { seedDemoProblems } from './demo-problems';
import { seedDemoQuestions } from './demo-questions';

/** Demo accounts, listed in the README; all share one password. */
export const DEMO_USERS = [
  { username: 'alice', biography: 'Backend developer. I like SQL and small functions.' },
  { username: 'bob', biography: 'Frontend person: React, CSS and accessibility.' },
  { username: 'carol', biography: '' },
] as const;
export const DEMO_PASSWORD = 'password123';

const DAY = 24 * 60 * 60 * 1000;

/** Fills a database with a small living site. Safe to run again: what exists is left alone. */
export async function seedDemoContent(db: Db, opts: { onlyIfEmpty: boolean }): Promise<void> {
  const existing =
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .get()?.n ?? 0;
  if (opts.onlyIfEmpty && existing > 0) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  DEMO_USERS.forEach((user, i) => {
    db.insert(users)
      .values({ ...user, passwordHash, dateJoined: new Date(now - (30 - i * 7) * DAY) })
      .onConflictDoNothing()
      .run();
  });
  seedDemoQuestions(db);
  seedDemoMessages(db);
  seedDemoProblems(db);
  seedDemoGames(db);
}
