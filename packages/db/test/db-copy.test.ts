import Database from 'better-sqlite3';
import { asc, count, desc, eq, getTableName, is, isNotNull, sql, type Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, migrationsFolder } from '../src';
import { createPgDb, type PgDb } from '../src/pg';
import * as schema from '../src/schema';
import * as pgSchema from '../src/schema-pg';
import { copySqliteToPg, type CopyReport } from '../src/copy/copy-site';
import { CopyStopped } from '../src/copy/copy-stopped';
import {
  connectPgAdmin,
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from './support/pg-databases';

// `npm run db:copy` against a real PostgreSQL: a SQLite site with the demo content (written by the
// seed package's own command, as `pnpm db:seed` writes it) plus a row in each table the demo leaves
// empty, copied into throwaway databases.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

const sqliteTables = Object.values(schema as Record<string, unknown>).filter(
  (value): value is SQLiteTable => is(value, SQLiteTable),
);
const pgTables = new Map(
  Object.values(pgSchema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);
const pgTableOf = (table: Table) => pgTables.get(getTableName(table)) as PgTable;

let admin: Client;
const databases: ThrowawayDatabase[] = [];
const pools: PgDb[] = [];
let workDir: string;
let sitePath: string;
let siteHash: string;

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function emptyDatabase(): Promise<ThrowawayDatabase> {
  const database = await createThrowawayDatabase(admin, 'test_db_copy');
  databases.push(database);
  return database;
}

/** A connection of the test's own to a target, migrated (createPgDb), closed after the file. */
async function open(database: ThrowawayDatabase): Promise<PgDb> {
  const pg = await createPgDb(database.url, { poolSize: 1 });
  pools.push(pg);
  return pg;
}

/** The site file, read-only, through the SQLite schema. */
function readSite() {
  return drizzle(new Database(sitePath, { readonly: true }), { schema });
}

async function pgCounts(pg: PgDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of sqliteTables) {
    const [found] = await pg.select({ n: count() }).from(pgTableOf(table));
    counts[getTableName(table)] = found?.n ?? 0;
  }
  return counts;
}

/** A port where nothing listens: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

const deletedUser = {
  username: 'gone',
  passwordHash: null,
  biography: 'Left in 2026.',
  dateJoined: new Date('2025-01-02T03:04:05.678Z'),
  deletedAt: new Date('2026-02-03T04:05:06.789Z'),
  reputation: -3,
  role: 'user',
  suspendedUntil: new Date('2026-02-01T00:00:00.001Z'),
  suspensionReason: 'Spam.',
};
const eventPayload = { text: 'Grüße 👋', ratio: 1.5, list: [1, null, true], nested: { a: 'b' } };

/** The rows the demo does not write: one at least in every table, so every column type is copied. */
function addWhatTheDemoLacks(path: string): void {
  const db = createDb(path);
  const now = new Date('2026-03-04T05:06:07.890Z');
  const [user] = db.insert(schema.users).values(deletedUser).returning().all();
  const question = db.select().from(schema.questions).limit(1).get();
  const answer = db.select().from(schema.answers).limit(1).get();
  const game = db.select().from(schema.games).limit(1).get();
  if (!user || !question || !answer || !game) throw new Error('the demo content is not there');
  db.insert(schema.sessions).values({ id: 'session-gone', userId: user.id, createdAt: now }).run();
  // Posts sent with a key (a retried send posts once): the keys are copied with them.
  db.update(schema.questions)
    .set({ sendKey: 'question-key-0123456' })
    .where(eq(schema.questions.id, question.id))
    .run();
  db.update(schema.answers)
    .set({ sendKey: 'answer-key-01234567' })
    .where(eq(schema.answers.id, answer.id))
    .run();
  const comment = db.select().from(schema.comments).limit(1).get();
  if (!comment) throw new Error('the demo has no comment');
  db.update(schema.comments)
    .set({ sendKey: 'comment-key-0123456' })
    .where(eq(schema.comments.id, comment.id))
    .run();
  db.insert(schema.questionRevisions)
    .values({
      questionId: question.id,
      number: 1,
      editedBy: question.askedBy,
      editedAt: now,
      titleBefore: 'Before',
      titleAfter: question.title,
      textBefore: 'Earlier text',
      textAfter: question.text,
      tagsBefore: ['javascript'],
      tagsAfter: ['javascript', 'closures'],
    })
    .run();
  db.insert(schema.answerRevisions)
    .values({
      answerId: answer.id,
      number: 1,
      editedBy: answer.ansBy,
      editedAt: now,
      textBefore: 'Earlier answer',
      textAfter: answer.text,
    })
    .run();
  db.insert(schema.answerVotes).values({ answerId: answer.id, userId: user.id, value: -1 }).run();
  db.insert(schema.flags)
    .values({
      targetKind: 'answer',
      targetId: answer.id,
      flaggedBy: user.id,
      reason: 'spam',
      note: 'Advertises a shop.',
      createdAt: now,
      status: 'handled',
      handledBy: question.askedBy,
      handledAt: now,
    })
    .run();
  db.insert(schema.moderatorActions)
    .values({
      moderatorId: question.askedBy,
      action: 'suspend',
      targetKind: 'user',
      targetId: user.id,
      targetUserId: user.id,
      details: 'Spam.',
      createdAt: now,
    })
    .run();
  db.insert(schema.closeVotes)
    .values({
      questionId: answer.questionId,
      userId: user.id,
      kind: 'close',
      duplicateOfId: question.id,
      createdAt: now,
    })
    .run();
  db.insert(schema.reputationChanges)
    .values({
      userId: user.id,
      delta: -1,
      reason: 'answer-downvote-cast',
      questionId: answer.questionId,
      answerId: answer.id,
      createdAt: now,
    })
    .run();
  db.insert(schema.gamePlayers).values({ gameId: game.id, userId: user.id, joinedAt: now }).run();
  const problem = db.select().from(schema.problems).limit(1).get();
  if (!problem) throw new Error('the demo has no problem');
  db.insert(schema.problemDrafts)
    .values({
      userId: user.id,
      problemId: problem.id,
      code: 'function f() {\n  // …\n}',
      updatedAt: now,
    })
    .run();
  db.insert(schema.gameCodeUpdates)
    .values({ gameId: game.id, seq: 1, update: Buffer.from([0, 1, 2, 254, 255]), createdAt: now })
    .run();
  db.insert(schema.gameCodeSnapshots)
    .values({ gameId: game.id, seq: 1, state: Buffer.from([9, 8, 7]), updatedAt: now })
    .run();
  db.insert(schema.broadcasts)
    .values({ origin: 'host:1', topic: 'game', key: game.id, payload: '{}', createdAt: now })
    .run();
  db.insert(schema.leases)
    .values({ name: 'game-timer', owner: 'host:1', expiresAt: now.getTime() })
    .run();
  db.insert(schema.liveConnections)
    .values({ id: 'socket-1', owner: 'host:1', address: '127.0.0.1', expiresAt: now.getTime() })
    .run();
  db.insert(schema.socketSessions)
    .values({ pid: 'pid-1', payload: '{"rooms":[]}', expiresAt: now.getTime(), connected: true })
    .run();
  db.insert(schema.events)
    .values({ topic: 'test', key: 'unicode', payload: eventPayload, createdAt: now })
    .run();
  // The newest event deleted (as pruning may): the outbox's high-water mark is then above its
  // largest remaining id, and a resuming client must still never see that id again.
  const [newest] = db
    .insert(schema.events)
    .values({ topic: 'test', key: 'deleted', payload: {}, createdAt: now })
    .returning()
    .all();
  db.delete(schema.events).where(eq(schema.events.id, newest!.id)).run();
  closeDb(db);
}

beforeAll(async () => {
  admin = await connectPgAdmin();
  workDir = mkdtempSync(join(tmpdir(), 'db-copy-'));
  sitePath = join(workDir, 'app.db');
  await run(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
    cwd: join(repoRoot, 'packages/seed'),
    env: { ...process.env, DATABASE_PATH: sitePath },
  });
  addWhatTheDemoLacks(sitePath);
  siteHash = sha256(sitePath);
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.$client.end()));
  for (const database of databases) await database.drop();
  await admin?.end();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('a copy into an empty PostgreSQL database', () => {
  let target: ThrowawayDatabase;
  let report: CopyReport;
  let pg: PgDb;
  const site = () => readSite();

  beforeAll(async () => {
    target = await emptyDatabase();
    // Small batches, so that most tables take several.
    report = await copySqliteToPg({ from: sitePath, to: target.url, batchSize: 7 });
    pg = await open(target);
  }, 30_000);

  it('has as many rows in every table as the SQLite file, counted on both sides', async () => {
    const sqlite = site();
    const expected = Object.fromEntries(
      sqliteTables.map((table) => [
        getTableName(table),
        sqlite.select({ n: count() }).from(table).get()?.n ?? 0,
      ]),
    );
    sqlite.$client.close();
    expect(Object.values(expected).every((n) => n > 0)).toBe(true);
    expect(await pgCounts(pg)).toEqual(expected);
    expect(
      Object.fromEntries(report.counts.map((each) => [each.table, [each.sqlite, each.postgres]])),
    ).toEqual(Object.fromEntries(Object.entries(expected).map(([name, n]) => [name, [n, n]])));
  });

  it('copies every row of every table field by field (Dates, booleans, bytes, JSON)', async () => {
    const sqlite = site();
    // Rows in a canonical order, the same on both sides when the rows are the same.
    const sorted = (rows: Record<string, unknown>[]) =>
      rows
        .map((row) => ({ row, order: JSON.stringify(row) }))
        .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
        .map(({ row }) => row);
    for (const table of sqliteTables) {
      const copied = (await pg.select().from(pgTableOf(table))).map((row) => {
        // PostgreSQL's own columns: the search document (SQLite keeps it in its FTS table) and the
        // order of insertion (SQLite's rowid).
        const {
          searchVector: _searchVector,
          insertionOrder: _insertionOrder,
          ...rest
        } = row as Record<string, unknown>;
        return rest;
      });
      expect(sorted(copied), getTableName(table)).toEqual(
        sorted(sqlite.select().from(table).all()),
      );
    }
    sqlite.$client.close();
  });

  it('keeps who voted or joined first: rows in the order SQLite inserted them', async () => {
    const sqlite = site();
    for (const table of [schema.questionVotes, schema.chatParticipants]) {
      const pgTable = pgTableOf(table) as typeof pgSchema.questionVotes;
      const copied = await pg.select().from(pgTable).orderBy(asc(pgTable.insertionOrder));
      const inSqlite = sqlite
        .select()
        .from(table)
        .orderBy(sql`rowid`)
        .all();
      expect(inSqlite.length, getTableName(table)).toBeGreaterThan(1);
      expect(
        copied.map(({ insertionOrder: _order, ...rest }) => rest),
        getTableName(table),
      ).toEqual(inSqlite);
    }
    sqlite.$client.close();
  });

  it("keeps a deleted user's Dates to the millisecond", async () => {
    const [user] = await pg
      .select()
      .from(pgSchema.users)
      .where(eq(pgSchema.users.username, 'gone'));
    expect(user).toEqual({ id: expect.any(Number), ...deletedUser });
  });

  it('fills in the accepted answers, whose table is copied after the questions', async () => {
    const sqlite = site();
    const accepted = sqlite
      .select({ id: schema.questions.id, acceptedAnswerId: schema.questions.acceptedAnswerId })
      .from(schema.questions)
      .where(isNotNull(schema.questions.acceptedAnswerId))
      .orderBy(schema.questions.id)
      .all();
    sqlite.$client.close();
    expect(accepted.length).toBeGreaterThan(0);
    expect(
      await pg
        .select({
          id: pgSchema.questions.id,
          acceptedAnswerId: pgSchema.questions.acceptedAnswerId,
        })
        .from(pgSchema.questions)
        .where(isNotNull(pgSchema.questions.acceptedAnswerId))
        .orderBy(pgSchema.questions.id),
    ).toEqual(accepted);
  });

  it("keeps an event's payload, as the same JSON text", async () => {
    const sqlite = site();
    const stored = sqlite.$client
      .prepare("select id, payload from events where key = 'unicode'")
      .get() as { id: number; payload: string };
    sqlite.$client.close();
    const [copied] = await pg
      .select({ payload: pgSchema.events.payload })
      .from(pgSchema.events)
      .where(eq(pgSchema.events.id, stored.id));
    expect(copied!.payload).toEqual(eventPayload);
    // The text itself, as PostgreSQL holds it: the exact string clients were sent.
    const raw = await pg.execute<{ payload: string }>(
      sql`select payload from events where id = ${stored.id}`,
    );
    expect(raw.rows[0]!.payload).toBe(stored.payload);
  });

  it('makes the copied questions searchable through PostgreSQL’s search column', async () => {
    const [question] = await pg.select().from(pgSchema.questions).limit(1);
    const word = question!.title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .find((each) => each.length >= 4)!;
    const found = await pg
      .select({ id: pgSchema.questions.id })
      .from(pgSchema.questions)
      .where(sql`${pgSchema.questions.searchVector} @@ to_tsquery('simple', ${word})`);
    expect(found.map((row) => row.id)).toContain(question!.id);
  });

  it('gives a new user an id after the copied ones', async () => {
    const [last] = await pg
      .select({ id: pgSchema.users.id })
      .from(pgSchema.users)
      .orderBy(desc(pgSchema.users.id))
      .limit(1);
    const [added] = await pg
      .insert(pgSchema.users)
      .values({ username: 'newcomer', dateJoined: new Date() })
      .returning({ id: pgSchema.users.id });
    expect(added!.id).toBe(last!.id + 1);
  });

  it("continues the events outbox after SQLite's high-water mark, past its deleted newest event", async () => {
    const sqlite = site();
    const highWater = sqlite.$client
      .prepare("select seq from sqlite_sequence where name = 'events'")
      .pluck()
      .get() as number;
    const largest = sqlite.$client.prepare('select max(id) from events').pluck().get() as number;
    sqlite.$client.close();
    expect(highWater).toBe(largest + 1);
    expect(report.lastEventId).toBe(highWater);
    const [added] = await pg
      .insert(pgSchema.events)
      .values({ topic: 'test', key: 'after', payload: {}, createdAt: new Date() })
      .returning({ id: pgSchema.events.id });
    expect(added!.id).toBe(highWater + 1);
  });

  it('leaves the SQLite file byte for byte as it was', () => {
    expect(sha256(sitePath)).toBe(siteHash);
  });

  it('refuses a second copy into the now non-empty database, and changes nothing', async () => {
    const before = await pgCounts(pg);
    await expect(copySqliteToPg({ from: sitePath, to: target.url })).rejects.toThrow(
      /^The PostgreSQL database already holds rows \(in [^)]+\): the copy needs an empty one\. Nothing was copied\.$/,
    );
    expect(await pgCounts(pg)).toEqual(before);
  });
});

describe('a copy that cannot finish', () => {
  /** Every table of a target, empty or not. */
  const allEmpty = async (pg: PgDb) => Object.values(await pgCounts(pg)).every((n) => n === 0);

  it('leaves the target empty when PostgreSQL rejects one row midway', async () => {
    const target = await emptyDatabase();
    const pg = await open(target);
    // notifications come late in the order: most tables are copied by the time its tenth row (in
    // the second batch of seven) fails.
    const sqlite = readSite();
    const tenth = sqlite.$client
      .prepare('select id from notifications order by rowid limit 1 offset 9')
      .pluck()
      .get() as number;
    sqlite.$client.close();
    await pg.execute(
      sql.raw(`
        create function reject_one() returns trigger language plpgsql as $$
        begin raise exception 'row % rejected by the test', new.id; end $$;
        create trigger reject_one before insert on notifications
          for each row when (new.id = ${tenth}) execute function reject_one();`),
    );
    const copying = copySqliteToPg({ from: sitePath, to: target.url, batchSize: 7 });
    await expect(copying).rejects.toThrow(CopyStopped);
    await expect(copying).rejects.toThrow(
      new RegExp(
        `^Copying notifications \\(rows 8 to 14\\) failed: row ${tenth} rejected by the test\\. Nothing was copied`,
      ),
    );
    expect(await allEmpty(pg)).toBe(true);
  });

  it('undoes the copy when a table ends up with fewer rows than in SQLite', async () => {
    const target = await emptyDatabase();
    const pg = await open(target);
    // A row that PostgreSQL swallows without an error (one that no other row references): only
    // the count can tell.
    await pg.execute(
      sql.raw(`
        create function drop_one() returns trigger language plpgsql as $$ begin return null; end $$;
        create trigger drop_one before insert on global_messages
          for each row when (new.id = 2) execute function drop_one();`),
    );
    const sqlite = readSite();
    const inSite = sqlite.select({ n: count() }).from(schema.globalMessages).get()!.n;
    sqlite.$client.close();
    const stopped = await copySqliteToPg({ from: sitePath, to: target.url }).catch(
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(CopyStopped);
    expect((stopped as CopyStopped).message).toBe(
      'The row counts differ in global_messages: the copy was undone, and the PostgreSQL database is empty again.',
    );
    expect((stopped as CopyStopped).counts).toContainEqual({
      table: 'global_messages',
      sqlite: inSite,
      postgres: inSite - 1,
    });
    expect(await allEmpty(pg)).toBe(true);
  });

  it("stops before PostgreSQL when the SQLite file lacks one of this code's migrations", async () => {
    // A file migrated by the code of one migration ago.
    const olderMigrations = join(workDir, 'older-migrations');
    cpSync(migrationsFolder, olderMigrations, { recursive: true });
    const journalPath = join(olderMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    const total = journal.entries.length;
    writeFileSync(
      journalPath,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }),
    );
    const olderPath = join(workDir, 'older.db');
    createDb(olderPath, { migrationsFolder: olderMigrations }).$client.close();
    const olderHash = sha256(olderPath);

    // Nothing listens at the target: reaching it would be a different sentence.
    const nowhere = `postgres://postgres@127.0.0.1:${await closedPort()}/site`;
    await expect(copySqliteToPg({ from: olderPath, to: nowhere })).rejects.toThrow(
      `${olderPath} has ${total - 1} of this code's ${total} migrations: start this version's server on it once (it migrates at start), stop it, and copy again.`,
    );
    expect(sha256(olderPath)).toBe(olderHash);
  });

  it('says there is no SQLite database at a path where there is none', async () => {
    const missing = join(workDir, 'missing.db');
    await expect(copySqliteToPg({ from: missing, to: 'postgres://127.0.0.1/x' })).rejects.toThrow(
      `There is no SQLite database at ${missing}.`,
    );
  });

  it('says PostgreSQL does not answer at an address where nothing listens', async () => {
    const nowhere = `postgres://postgres@127.0.0.1:${await closedPort()}/site`;
    await expect(copySqliteToPg({ from: sitePath, to: nowhere })).rejects.toThrow(
      `PostgreSQL does not answer at ${nowhere} (ECONNREFUSED).`,
    );
  });
});

describe('npm run db:copy', () => {
  /** The command as a person runs it, from the repository root; its output and exit code. */
  function command(program: string, args: string[]) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
      const child = spawn(program, args, { cwd: repoRoot, env: process.env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', fail);
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
  }
  let target: ThrowawayDatabase;

  it('copies the site and prints both counts of every table', async () => {
    target = await emptyDatabase();
    const result = await command('npm', [
      'run',
      '--silent',
      'db:copy',
      '--',
      '--from',
      sitePath,
      '--to',
      target.url,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pg = await open(target);
    const counts = await pgCounts(pg);
    for (const [table, n] of Object.entries(counts))
      expect(result.stdout).toMatch(new RegExp(`^${table} +${n} +${n}$`, 'm'));
    expect(result.stdout).toMatch(
      /^Copied \d+ rows in \d+ tables in [\d.]+ s; every table has as many rows in PostgreSQL as in SQLite\./m,
    );
  }, 30_000);

  it('prints one sentence, no stack, and exits 1 when the target is not empty', async () => {
    const result = await command(process.execPath, [
      '--import',
      'tsx',
      'packages/db/bin/db-copy.ts',
      '--from',
      sitePath,
      '--to',
      target.url,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^The PostgreSQL database already holds rows \(in [^)]+\): the copy needs an empty one\. Nothing was copied\.\n$/,
    );
  }, 30_000);
});
