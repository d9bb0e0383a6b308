import { closeDb, createDb, databaseKind, events, firstRow, questions } from '@app/db';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiDeps } from '../src';
import { writeTransaction } from '../src/core/write';
import '../src/domains/questions/events';
import { createTestWorld, TEST_SCRYPT_LOG_N, testSandbox } from './helpers';

describe('events are written with the data', () => {
  it('a failing write stores and delivers no event, and keeps none of its data', async () => {
    const world = await createTestWorld();
    const alice = await world.signedIn('alice');
    const delivered: unknown[] = [];
    await world.deps.events.subscribe('question', null, (event) => delivered.push(event));
    const before = await world.db.select().from(events);

    await expect(
      writeTransaction(world.deps, async ({ tx, now, publish }) => {
        await tx
          .insert(questions)
          .values({ title: 'T', text: 'x', askedBy: 1, askDateTime: now, lastActivityAt: now });
        publish('question', 1, { type: 'viewed', qid: 1, viewCount: 1 });
        throw new Error('the write fails after publishing');
      }),
    ).rejects.toThrow('the write fails after publishing');

    expect(await world.db.select().from(questions)).toEqual([]);
    expect(await world.db.select().from(events)).toEqual(before);
    expect(delivered).toEqual([]);
    // The same write without the failure stores both, and its event is delivered once committed.
    const { event } = await alice.api.question.create({
      title: 'A committed question',
      text: 'Body',
      tags: ['sql'],
    });
    const stored = (await world.db.select().from(events)).at(-1);
    expect(String(stored?.id)).toBe(event!.id);
    expect(delivered).toMatchObject([{ id: event!.id, payload: event!.payload }]);
  });

  it('delivers an event only after its transaction has committed', async () => {
    const world = await createTestWorld();
    const seen: Promise<boolean>[] = [];
    await world.deps.events.subscribe('question', null, (event) => {
      // A listener reads the database: the change must already be visible to any reader. SQLite's
      // memory database reads on its writer's connection, which would see a write still open: there
      // the transaction must have ended, too.
      const open = databaseKind === 'sqlite' && world.db.$client.inTransaction;
      const stored = firstRow(
        world.db
          .select({ id: events.id })
          .from(events)
          .where(eq(events.id, Number(event.id))),
      );
      seen.push(stored.then((row) => !open && row !== undefined));
    });
    await world.publish('question', 7, { type: 'viewed', qid: 7, viewCount: 1 });
    expect(await Promise.all(seen)).toEqual([true]);
  });
});

// SQLite's BEGIN IMMEDIATE and its file lock between two connections; PostgreSQL locks rows instead.
describe.runIf(databaseKind === 'sqlite')('write transactions begin IMMEDIATE', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('hold the write lock from their first statement, so another process waits instead of slipping in', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qa-immediate-'));
    const file = join(dir, 'app.db');
    const deps = await createApiDeps(createDb(file), {
      sandbox: testSandbox,
      scryptLogN: TEST_SCRYPT_LOG_N,
    });
    // A second connection to the same file, as a second server process would have; no waiting.
    const other = createDb(file).$client;
    other.pragma('busy_timeout = 0');
    let otherWrite: string | null = null;

    await writeTransaction(deps, async ({ tx }) => {
      // Only reads so far: a DEFERRED transaction would not hold the lock yet.
      await tx.select().from(questions);
      try {
        other
          .prepare('insert into tags (name, name_key, description) values (?, ?, ?)')
          .run('x', 'x', 'd');
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? 'failed';
      }
    });

    expect(otherWrite).toBe('SQLITE_BUSY');
    other.close();
    closeDb(deps.db);
  });
});

describe('a listener that writes while an event is handed to it', () => {
  it('has its own events delivered too, after the one it heard', async () => {
    const { deps } = await createTestWorld();
    const bus = deps.events;
    const heard: number[] = [];
    await bus.subscribe('question', null, (event) => {
      const { viewCount } = event.payload as { viewCount: number };
      heard.push(viewCount);
      // The first event makes a second write, from inside the delivery.
      if (viewCount === 1)
        void writeTransaction(deps, ({ publish }) =>
          publish('question', 1, { type: 'viewed', qid: 1, viewCount: 2 }),
        );
    });
    await writeTransaction(deps, ({ publish }) =>
      publish('question', 1, { type: 'viewed', qid: 1, viewCount: 1 }),
    );
    // The listener's write waits for the first to end: it is delivered once it commits.
    await expect.poll(() => heard).toEqual([1, 2]);
  });
});
