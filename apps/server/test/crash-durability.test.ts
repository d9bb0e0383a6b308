import { RATE_LIMIT_KINDS } from '@app/api';
import {
  answers,
  chatMessages,
  closeDatabase,
  databaseKind,
  events,
  firstRow,
  games,
  globalMessages,
  openDatabase,
  questions,
  questionVotes,
  submissions,
  users,
} from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_BUNDLE } from './support/child-server';
import { databaseEnv, makeTestDatabase, type TestDatabase } from './support/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingName } from '../src/ops/config';
import { ADD_PROBLEM, TrpcUser } from './sweep/fixtures';

// A real server process (node --import tsx src/main.ts) under concurrent writes
// from several users over tRPC HTTP (questions, answers, global and direct messages, votes, Nim
// moves, submissions) is killed with SIGKILL mid-load, twice. After each restart every write that
// was acknowledged (a 200 with its id) is in the database, its live event is in the outbox, and
// on SQLite PRAGMA integrity_check says ok.

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Load per round: until this many writes are acknowledged (a few seconds), or at most LOAD_MAX_MS. */
const LOAD_ACKS = 300;
const LOAD_MAX_MS = 15_000;
const USERS = ['ana', 'ben', 'cyd', 'dee'];

type Kind = 'question' | 'answer' | 'message' | 'chatMessage' | 'vote' | 'nimMove' | 'submission';

/** A write the server answered 200: what it made (id), and the id of the event it published. */
interface Ack {
  kind: Kind;
  id: number | string;
  eventId: string;
  /** A vote: the voter; a Nim move: how many moves the game had after it. */
  detail?: number;
}

const dir = mkdtempSync(join(tmpdir(), 'qa-crash-'));
/** The SQLite file, or on a PostgreSQL run a throwaway PostgreSQL database (made in beforeAll). */
let database: TestDatabase = { path: join(dir, 'app.db') };
let dropDatabase = async () => {};
const acks: Ack[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Running {
  child: ChildProcess;
  url: string;
  output: string[];
}

/** Starts the server as its own process on the test's database; resolves once /healthz answers. */
async function startChild(): Promise<Running> {
  const port = await freePort();
  const limits = Object.fromEntries(
    RATE_LIMIT_KINDS.map((kind) => [settingName('RATE_LIMIT', kind), '1000000/1m']),
  );
  const child = spawn(process.execPath, [TEST_BUNDLE], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...limits,
      ...databaseEnv(database),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      SESSION_SECRET: 's'.repeat(40),
      SCRYPT_LOG_N: '10',
      WEB_DIST: join(dir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { child, url, output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not start:\n${output.join('')}`);
}

async function killHard(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGKILL');
  await exited;
}

/** The world the load writes into: users (their cookies outlive restarts), a question, chats, a problem. */
interface World {
  users: TrpcUser[];
  qid: number;
  /** One chat per user, with the next user: [chatId, its two members]. */
  chats: { chatId: number; members: [number, number] }[];
  problemId: number;
}

async function buildWorld(url: string): Promise<World> {
  const signedUp = await Promise.all(USERS.map((name) => TrpcUser.signUp(url, name)));
  const [first] = signedUp;
  if (!first) throw new Error('no users');
  const { question } = await first.mutate('question.create', {
    title: 'Will this survive a crash?',
    text: 'Every acknowledged write must.',
    tags: ['durability'],
  });
  const chats = [];
  for (let i = 0; i < signedUp.length; i++) {
    const next = signedUp[(i + 1) % signedUp.length];
    const { chat } = await signedUp[i]!.mutate('chat.create', { username: next!.name });
    chats.push({
      chatId: chat.id as number,
      members: [i, (i + 1) % signedUp.length] as [number, number],
    });
  }
  const { problem } = await first.mutate('problem.create', ADD_PROBLEM);
  return { users: signedUp, qid: question.id, chats, problemId: problem.id };
}

/** The same users against a restarted server (another port; the same session cookies). */
const reconnect = (world: World, url: string): World => ({
  ...world,
  users: world.users.map((user) => new TrpcUser(url, user.name, user.cookie)),
});

interface LoadFigures {
  sent: number;
  failed: number;
  inFlight: number;
}

/**
 * Concurrent writes until `stop` says so: per user a loop of questions, answers, messages, votes and
 * now and then a submission; two loops playing Nim (each makes moves for both seated players).
 * Only 200 answers are recorded as acknowledged.
 */
function startLoad(world: World, round: number) {
  let stopped = false;
  const figures: LoadFigures = { sent: 0, failed: 0, inFlight: 0 };
  const ownQuestions: number[][] = world.users.map(() => []);
  const voted = new Set<string>();

  async function attempt(write: () => Promise<Ack | null>): Promise<void> {
    figures.sent += 1;
    figures.inFlight += 1;
    try {
      const ack = await write();
      if (ack) acks.push(ack);
    } catch {
      figures.failed += 1;
    } finally {
      figures.inFlight -= 1;
    }
  }

  async function userLoop(index: number): Promise<void> {
    const user = world.users[index]!;
    const chat = world.chats.find((c) => c.members[0] === index)!;
    for (let i = 0; !stopped; i++) {
      const step = i % 7;
      if (step === 0)
        await attempt(async () => {
          const { question, event } = await user.mutate('question.create', {
            title: `Round ${round}: ${user.name} asks #${i}`,
            text: 'Still there after a crash?',
            tags: ['durability'],
          });
          ownQuestions[index]!.push(question.id);
          return { kind: 'question', id: question.id, eventId: event.id };
        });
      else if (step === 1)
        await attempt(async () => {
          const { answer, event } = await user.mutate('answer.create', {
            qid: world.qid,
            text: `Answer ${i} from ${user.name}`,
          });
          return { kind: 'answer', id: answer.id, eventId: event.id };
        });
      else if (step === 2)
        await attempt(async () => {
          const { message, event } = await user.mutate('message.send', { msg: `hello ${i}` });
          return { kind: 'message', id: message.id, eventId: event.id };
        });
      else if (step === 3)
        await attempt(async () => {
          const { message, event } = await user.mutate('chat.send', {
            chatId: chat.chatId,
            msg: `direct ${i}`,
          });
          return { kind: 'chatMessage', id: message.id, eventId: event.id };
        });
      else if (step === 4) {
        // An up vote on someone else's question this user has not voted on: one vote per pair.
        const other = ownQuestions[(index + 1) % ownQuestions.length]!;
        const qid = other.find((candidate) => !voted.has(`${index}:${candidate}`));
        if (qid === undefined) continue;
        voted.add(`${index}:${qid}`);
        await attempt(async () => {
          const { myVote, event } = await user.mutate('question.vote', { qid, vote: 'up' });
          if (myVote !== 1) throw new Error('the vote did not count');
          return { kind: 'vote', id: qid, eventId: event.id, detail: index };
        });
      } else if (step === 5 && i % 21 === 5)
        await attempt(async () => {
          const { submission, event } = await user.mutate('submission.create', {
            problemId: world.problemId,
            code: ADD_PROBLEM.suggestedSolution,
          });
          return { kind: 'submission', id: submission.id, eventId: event.id };
        });
    }
  }

  async function nimLoop(first: TrpcUser, second: TrpcUser): Promise<void> {
    while (!stopped) {
      let id: string;
      try {
        figures.sent += 3;
        const { game } = await first.mutate('game.createNim', {
          seatCreator: false,
          title: `Crash Nim ${round}`,
        });
        id = game.id;
        await first.mutate('game.join', { id });
        await second.mutate('game.join', { id });
      } catch {
        figures.failed += 1;
        return;
      }
      let state = (await first.query('game.byId', { id }).catch(() => null))?.state;
      while (!stopped && state && state.status !== 'OVER') {
        const mover = state.moves.length % 2 === 0 ? state.player1 : state.player2;
        const player = mover === first.name ? first : second;
        let next: typeof state | null = null;
        await attempt(async () => {
          const { game, event } = await player.mutate('game.nimMove', { id, numObjects: 1 });
          next = game.state;
          return { kind: 'nimMove', id, eventId: event.id, detail: game.state.moves.length };
        });
        if (!next) return;
        state = next;
      }
    }
  }

  const [a, b, c, d] = world.users;
  const loops = [
    ...world.users.map((_, index) => userLoop(index)),
    nimLoop(a!, b!),
    nimLoop(c!, d!),
  ];
  return {
    figures,
    /** Sends nothing more; resolves once every loop has seen its last answer. */
    async stop() {
      stopped = true;
      await Promise.allSettled(loops);
    },
  };
}

interface Check {
  kind: Kind;
  acknowledged: number;
  found: number;
  eventsFound: number;
}

/** Every acknowledged write and its event, looked up in the database the restarted server opened. */
async function checkDatabase(): Promise<{ checks: Check[]; integrity: string | null }> {
  const db = await openDatabase(database);
  try {
    const present = async (
      kind: Kind,
      ids: readonly (number | string)[],
    ): Promise<Set<number | string>> => {
      const numeric = ids.map(Number);
      const found = (rows: { id: number | string }[]) => new Set(rows.map((row) => row.id));
      switch (kind) {
        case 'question':
          return found(
            await db
              .select({ id: questions.id })
              .from(questions)
              .where(inArray(questions.id, numeric)),
          );
        case 'answer':
          return found(
            await db.select({ id: answers.id }).from(answers).where(inArray(answers.id, numeric)),
          );
        case 'message':
          return found(
            await db
              .select({ id: globalMessages.id })
              .from(globalMessages)
              .where(inArray(globalMessages.id, numeric)),
          );
        case 'chatMessage':
          return found(
            await db
              .select({ id: chatMessages.id })
              .from(chatMessages)
              .where(inArray(chatMessages.id, numeric)),
          );
        case 'submission':
          return found(
            await db
              .select({ id: submissions.id })
              .from(submissions)
              .where(inArray(submissions.id, numeric)),
          );
        default:
          return new Set();
      }
    };
    const userIds = new Map(
      (await db.select({ id: users.id, username: users.username }).from(users)).map((row) => [
        row.username,
        row.id,
      ]),
    );
    const checks: Check[] = [];
    for (const kind of [
      'question',
      'answer',
      'message',
      'chatMessage',
      'vote',
      'nimMove',
      'submission',
    ] as Kind[]) {
      const mine = acks.filter((ack) => ack.kind === kind);
      let found = 0;
      if (kind === 'vote') {
        for (const ack of mine) {
          const userId = userIds.get(USERS[ack.detail ?? -1] ?? '');
          const row = userId
            ? await firstRow(
                db
                  .select({ value: questionVotes.value })
                  .from(questionVotes)
                  .where(
                    and(
                      eq(questionVotes.questionId, Number(ack.id)),
                      eq(questionVotes.userId, userId),
                    ),
                  ),
              )
            : undefined;
          if (row?.value === 1) found += 1;
        }
      } else if (kind === 'nimMove') {
        const moves = new Map(
          (
            await db
              .select({ id: games.id, state: games.state })
              .from(games)
              .where(inArray(games.id, [...new Set(mine.map((ack) => String(ack.id)))]))
          ).map((row) => [row.id, ((row.state as { moves?: unknown[] }).moves ?? []).length]),
        );
        found = mine.filter(
          (ack) => (moves.get(String(ack.id)) ?? -1) >= (ack.detail ?? Infinity),
        ).length;
      } else {
        const ids = await present(
          kind,
          mine.map((ack) => ack.id),
        );
        found = mine.filter((ack) => ids.has(Number(ack.id))).length;
      }
      const eventIds = new Set(
        (
          await db
            .select({ id: events.id })
            .from(events)
            .where(
              inArray(
                events.id,
                mine.map((ack) => Number(ack.eventId)),
              ),
            )
        ).map((row) => row.id),
      );
      checks.push({
        kind,
        acknowledged: mine.length,
        found,
        eventsFound: mine.filter((ack) => eventIds.has(Number(ack.eventId))).length,
      });
    }
    // The file's own check is SQLite's: PostgreSQL keeps no database file of ours to check.
    const integrity =
      databaseKind === 'sqlite'
        ? (db.$client.pragma('integrity_check', { simple: true }) as string)
        : null;
    return { checks, integrity };
  } finally {
    await closeDatabase(db);
  }
}

function table(checks: Check[]): string {
  const rows = checks.map((c) => [
    c.kind,
    c.acknowledged,
    c.found,
    c.acknowledged - c.found,
    c.eventsFound,
    c.acknowledged - c.eventsFound,
  ]);
  const total = [
    'all',
    ...[1, 2, 3, 4, 5].map((i) => rows.reduce((sum, row) => sum + Number(row[i]), 0)),
  ];
  return [['write', 'acknowledged', 'found', 'lost', 'events', 'events lost'], ...rows, total]
    .map((row) => row.map((cell) => String(cell).padStart(13)).join(''))
    .join('\n');
}

describe('crash durability', () => {
  let running: Running | undefined;

  beforeAll(async () => {
    acks.length = 0;
    const made = await makeTestDatabase(database.path);
    database = made;
    dropDatabase = made.drop;
  });

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      const exited = new Promise((resolve) => running?.child.once('exit', resolve));
      running.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (running.child.exitCode === null) await killHard(running);
    }
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and its event through two SIGKILLs mid-load', async () => {
    running = await startChild();
    let world = await buildWorld(running.url);
    for (const round of [1, 2]) {
      const load = startLoad(world, round);
      // Kill while the writes are in flight, at a moment that differs from run to run.
      const start = acks.length;
      const until = Date.now() + LOAD_MAX_MS;
      while (acks.length - start < LOAD_ACKS && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
      const before = acks.length;
      const inFlight = load.figures.inFlight;
      const killed = killHard(running);
      const stopped = load.stop();
      await killed;
      await stopped;
      running = await startChild();
      world = reconnect(world, running.url);
      const { checks, integrity } = await checkDatabase();
      const acknowledged = checks.reduce((sum, c) => sum + c.acknowledged, 0);
      const lost = checks.reduce((sum, c) => sum + c.acknowledged - c.found, 0);
      const eventsLost = checks.reduce((sum, c) => sum + c.acknowledged - c.eventsFound, 0);
      console.log(
        `crash durability, after SIGKILL ${round}: ${acknowledged} acknowledged in all ` +
          `(${acknowledged - start} this round, ${before} before the kill; ${load.figures.sent} ` +
          `writes sent this round, ${inFlight} in flight at the kill), ` +
          `found ${acknowledged - lost}, lost ${lost}, events lost ${eventsLost}` +
          `${integrity === null ? '' : `, integrity_check ${integrity}`}\n${table(checks)}`,
      );
      expect(acknowledged - start).toBeGreaterThan(0);
      if (databaseKind === 'sqlite') expect(integrity).toBe('ok');
      expect(
        checks.filter((c) => c.found !== c.acknowledged || c.eventsFound !== c.acknowledged),
      ).toEqual([]);
    }
    // The restarted server works: the same session still writes.
    const [first] = world.users;
    const { question } = await first!.mutate('question.create', {
      title: 'After two crashes',
      text: 'Still answering.',
      tags: ['durability'],
    });
    expect(question.id).toBeGreaterThan(0);
  }, 180_000);
});
