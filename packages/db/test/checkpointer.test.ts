import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, createDb, users, type Db } from '../src';
import { startCheckpointer } from '../src/checkpointer';

const opened: { db: Db; dir: string }[] = [];
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  }
});

function fileDb(checkpointInBackground: boolean): { db: Db; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'qa-checkpoint-'));
  const path = join(dir, 'app.db');
  const db = createDb(path, { checkpointInBackground });
  opened.push({ db, dir });
  return { db, path };
}

/** Two thousand commits of a user each: some four thousand pages of log. */
async function writeMany(db: Db) {
  const biography = 'x'.repeat(1500);
  for (let i = 0; i < 2000; i++)
    await db.$writer.transaction((tx) =>
      tx
        .insert(users)
        .values({ username: `user${i}`, passwordHash: 'h', biography, dateJoined: new Date() }),
    );
}

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe('the background checkpointer', () => {
  it('copies the log into the database file while commits only append to the log', async () => {
    const { db, path } = fileDb(true);
    const before = statSync(path).size;
    await writeMany(db);
    // The file grows only by checkpoints, and no commit makes one below 20,000 pages of log.
    expect(await until(() => statSync(path).size > before + 2_000_000)).toBe(true);
  });

  it('is off unless asked for: then the commits keep the log, as SQLite does by itself', async () => {
    const { db, path } = fileDb(false);
    const before = statSync(path).size;
    db.$writer.client.pragma('wal_autocheckpoint = 20000');
    await writeMany(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statSync(path).size).toBe(before);
  });

  it('gives the commits their checkpoints back when the thread cannot start', async () => {
    const { db, path } = fileDb(false);
    const writer = db.$writer.client;
    const checkpointer = startCheckpointer(writer, path, 100, '/nowhere/better-sqlite3.js');
    expect(await until(() => writer.pragma('wal_autocheckpoint', { simple: true }) === 1000)).toBe(
      true,
    );
    checkpointer.stop();
  });

  it('leaves a whole database file behind when the database is closed', async () => {
    const { db, path } = fileDb(true);
    await writeMany(db);
    closeDb(db);
    const reopened = createDb(path);
    expect((await reopened.select({ username: users.username }).from(users)).length).toBe(2000);
    closeDb(reopened);
    expect(statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
  });
});
