import {
  answers,
  chatMessages,
  chatParticipants,
  chats,
  comments,
  games,
  globalMessages,
  notifications,
  problems,
  questions,
  questionViews,
  reputationChanges,
  submissions,
  users,
  type Db,
} from '@app/db';
import { between, eq, getTableColumns, sql, type Table } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { storyTimeOf, type StorySpan } from './story';

/**
 * The tables the demo's procedures write content to. Not the event log (when things were
 * delivered, pruned after a day) nor sessions (the seed's own, ended when it is done).
 */
const DEMO_TABLES: Table[] = [
  users,
  questions,
  answers,
  comments,
  questionViews,
  notifications,
  globalMessages,
  chats,
  chatParticipants,
  chatMessages,
  problems,
  submissions,
  games,
  reputationChanges,
];

/** A table's moments (Date columns), each with the key drizzle's `set` names it by. */
const timestampColumns = (table: Table): [string, SQLiteColumn][] =>
  (Object.entries(getTableColumns(table)) as [string, SQLiteColumn][]).filter(
    ([, column]) => column.dataType === 'date',
  );

/**
 * The seed's one direct write, and why: the API stamps every write with the time it is made, so a
 * demo written in a second would look as if everything happened just now. Every time written
 * during the story's spans (in the tables above) moves to the story time of the step that wrote
 * it. That map keeps order and equality (it only increases, one value per step), so what the
 * procedures derived from those times (a question's last activity and which activity it was, the
 * order of lists) stays as they made it; no counter and no other column is touched.
 */
export async function ageDemoContent(db: Db, spans: readonly StorySpan[]): Promise<void> {
  const first = spans[0];
  const last = spans.at(-1);
  if (!first || !last) return;
  await db.$writer.transaction(async (tx) => {
    for (const table of DEMO_TABLES) {
      for (const [key, column] of timestampColumns(table)) {
        const written = await tx
          .selectDistinct({ time: column })
          .from(table)
          .where(between(column, new Date(first.from), new Date(last.to)));
        for (const { time } of written as { time: Date }[]) {
          await tx
            .update(table)
            .set({ [key]: new Date(storyTimeOf(spans, time.getTime())) })
            .where(eq(column, time));
        }
      }
    }
  });
}

/**
 * A demo written ahead of time (the single executable carries one, so its first start does not
 * run the story) brought to the moment it is first served: every time the demo wrote moves forward
 * by `byMs`, as if the seed had run just now. Order and differences stay, so nothing derived from
 * them changes; the event log is left alone (it replays nothing older than a day).
 */
export async function moveDemoContent(db: Db, byMs: number): Promise<void> {
  // Only ever a SQLite file (the executable's demo), whose moments are milliseconds: better-sqlite3's
  // calls, which answer at once.
  await db.$writer.transaction((tx) => {
    for (const table of DEMO_TABLES)
      for (const [, column] of timestampColumns(table))
        tx.run(sql`update ${table} set ${sql.identifier(column.name)} = ${column} + ${byMs}`);
  });
}
