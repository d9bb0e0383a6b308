/**
 * CPU per write, in process: each of issue 25's writes through `appRouter.createCaller` (the
 * procedure, its limits, its transaction and outbox event, the delivery after commit; no HTTP, no
 * cookie), 50 at a time, on a fresh copy of the bench database. It prints the process's CPU time
 * (user + system) per write, which a busy machine disturbs far less than req/s: for comparing a
 * change to the write path before and after, not a target.
 *
 *   cd bench && node --import tsx write-cpu.ts [writes per route, default 3000] [route prefix,…]
 */
import {
  appRouter,
  createApiDeps,
  createContext,
  createMemorySessionStore,
  RATE_LIMIT_KINDS,
  type RateLimits,
} from '@app/api';
import { closeDb, createDb } from '@app/db';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstAnswers, seededBenchDatabase } from './support/bench-database';

const COUNT = Number(process.argv[2] ?? 3000);
const ONLY = process.argv[3]?.split(',').filter(Boolean);
const AT_ONCE = 50;
const SPREAD = 500;

type Caller = ReturnType<typeof appRouter.createCaller>;

async function main() {
  const seeded = seededBenchDatabase(
    Number(process.env.BENCH_QUESTIONS ?? 100_000),
    Number(process.env.BENCH_POSTS ?? 1_000_000),
  );
  const dir = mkdtempSync(join(tmpdir(), 'write-cpu-'));
  const path = join(dir, 'bench.db');
  copyFileSync(seeded.databasePath, path);
  const step = Math.max(1, Math.floor(seeded.counts.questions / SPREAD));
  const questions = Array.from({ length: SPREAD }, (_, i) => 1 + i * step);
  const answers = firstAnswers(path, questions);

  const db = createDb(path, { checkpointInBackground: true });
  const limits = Object.fromEntries(
    RATE_LIMIT_KINDS.map((kind) => [kind, { max: 10_000_000, windowMs: 60_000 }]),
  ) as RateLimits;
  const deps = await createApiDeps(db, {
    sandbox: { run: () => Promise.reject(new Error('no code runs here')) } as never,
    limits,
  });
  const callerFor = async (username: string): Promise<Caller> => {
    const caller = appRouter.createCaller(
      createContext(deps, {
        session: createMemorySessionStore(),
        clientAddress: '127.0.0.1',
        transport: 'internal',
      }),
    );
    await caller.auth.signup({ username, password: 'a long enough password' });
    return caller;
  };

  const voter = await callerFor('cpuvoter');
  const answerVoter = await callerFor('cpuanswervoter');
  const talker = await callerFor('cputalker');
  const sender = await callerFor('cpusender');
  const commenter = await callerFor('cpucommenter');
  const answerer = await callerFor('cpuanswerer');
  const asker = await callerFor('cpuasker');
  const friends = 30;
  const chats: number[] = [];
  for (let i = 0; i < friends; i++) {
    await callerFor(`cpufriend${i}`);
    const { chat } = await sender.chat.create({ username: `cpufriend${i}` } as never);
    chats.push((chat as { id: number }).id);
  }

  const routes: Record<string, (i: number) => Promise<unknown>> = {
    'question.vote': (i) =>
      voter.question.vote({
        qid: questions[i % questions.length]!,
        vote: Math.floor(i / questions.length) % 2 ? 'down' : 'up',
      }),
    'answer.vote': (i) =>
      answerVoter.answer.vote({
        answerId: answers[i % answers.length]!,
        vote: Math.floor(i / answers.length) % 2 ? 'down' : 'up',
      } as never),
    'message.send': (i) => talker.message.send({ msg: `Hello number ${i}` } as never),
    'chat.send': (i) =>
      sender.chat.send({ chatId: chats[i % chats.length]!, msg: `Hi there ${i}` } as never),
    'comment.create': (i) =>
      commenter.comment.create({
        id: questions[i % questions.length]!,
        type: 'question',
        text: `A comment long enough, number ${i}`,
      } as never),
    'answer.create': (i) =>
      answerer.answer.create({
        qid: questions[i % questions.length]!,
        text: `An answer long enough to be one, number ${i}`,
      } as never),
    'question.create': (i) =>
      asker.question.create({
        title: `How do I measure write number ${i}?`,
        text: `The text of question ${i}, long enough to be asked.`,
        tags: ['bench'],
      } as never),
  };

  console.log(`${COUNT} writes per route, ${AT_ONCE} at a time, in process\n`);
  console.log('route'.padEnd(18), 'CPU µs/write', '  writes/s (wall)');
  for (const [name, write] of Object.entries(routes)) {
    if (ONLY && !ONLY.some((prefix) => name.startsWith(prefix))) continue;
    // A warm-up, so compiled statements and JIT are in place.
    await runAll(write, 200, 0);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await runAll(write, COUNT, 200);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const perWrite = (used.user + used.system) / COUNT;
    console.log(
      name.padEnd(18),
      perWrite.toFixed(0).padStart(12),
      ((COUNT / wall) * 1000).toFixed(0).padStart(17),
    );
  }
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
}

/** `count` writes, AT_ONCE in flight, numbered from `from`. */
async function runAll(write: (i: number) => Promise<unknown>, count: number, from: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) await write(from + next++);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

await main();
process.exit(0);
