import type { ApiDeps } from '@app/api';
import {
  firstRow,
  chats,
  games,
  globalMessages,
  oneToOneKey,
  problems,
  questions,
  users,
  type Db,
} from '@app/db';
import { eq, inArray, sql, type Table } from 'drizzle-orm';
import { ageDemoContent } from './age-demo-content';
import { describeDemoTags } from './describe-demo-tags';
import { createCast } from './demo-cast';
import { gameSteps } from './demo-games';
import { directChatSteps, globalMessageSteps } from './demo-messages';
import { problemSteps } from './demo-problems';
import { questionSteps } from './demo-questions';
import type { Who } from './demo-cast';
import { DEMO_USERS, userSteps } from './demo-users';
import type { StorySpan, StoryStep } from './story';
import { tellStory } from './story';

const isEmpty = async (db: Db, table: Table) =>
  ((await firstRow(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table)))?.n ??
    0) === 0;

/**
 * No user at all: the database is nobody's yet, and seedDemoContent with `onlyIfEmpty` writes the
 * demo into it.
 */
export async function isFreshSite(db: Db): Promise<boolean> {
  return isEmpty(db, users);
}

/** The demo users' ids by name, for those who have an account. */
async function demoUserIds(db: Db): Promise<Map<string, number>> {
  const names = DEMO_USERS.map((user) => user.username);
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  return new Map(rows.map((row) => [row.username, row.id]));
}

/** Each part of the demo that is not there yet (a part already there is left alone). */
async function missingSteps(db: Db): Promise<StoryStep[]> {
  const ids = await demoUserIds(db);
  const missing = new Set<Who>(
    DEMO_USERS.map((user) => user.username).filter((name) => !ids.has(name)),
  );
  const [alice, bob] = [ids.get('alice'), ids.get('bob')];
  const hasDemoChat =
    alice !== undefined &&
    bob !== undefined &&
    (await firstRow(
      db
        .select({ id: chats.id })
        .from(chats)
        .where(eq(chats.pairKey, oneToOneKey(alice, bob))),
    )) !== undefined;
  return [
    ...userSteps(missing),
    ...((await isEmpty(db, questions)) ? questionSteps() : []),
    ...((await isEmpty(db, globalMessages)) ? globalMessageSteps() : []),
    ...(hasDemoChat ? [] : directChatSteps()),
    ...((await isEmpty(db, problems)) ? problemSteps() : []),
    ...((await isEmpty(db, games)) ? gameSteps() : []),
  ];
}

/**
 * Fills a database with a small living site, written by the demo users through the API's own
 * procedures (the server's shared dependencies, their own sessions), so every counter, last activity
 * and notification follows the one set of rules; then ageDemoContent spreads it over the past month
 * and describeDemoTags gives the well-known tags their descriptions.
 * Safe to run again: a part already there is left alone. With `onlyIfEmpty`, any user at all means
 * the database is someone's, and nothing is written.
 */
export async function seedDemoContent(
  deps: ApiDeps,
  opts: { onlyIfEmpty: boolean },
): Promise<void> {
  const { db } = deps;
  if (opts.onlyIfEmpty && !(await isFreshSite(db))) return;
  const steps = await missingSteps(db);
  if (steps.length === 0) return;
  const cast = createCast(deps);
  const spans: StorySpan[] = [];
  try {
    await tellStory(steps, cast, Date.now(), spans);
  } finally {
    // What was written is aged even when a step failed, so no half-demo looks brand new.
    await ageDemoContent(db, spans);
    await describeDemoTags(db);
    await cast.signOut();
  }
}
