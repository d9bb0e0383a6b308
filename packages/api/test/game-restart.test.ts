import { closeDb, createDb, databaseKind, firstRow, gameCodeSnapshots } from '@app/db';
import { count } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  appRouter,
  CODE_TEXT,
  codeText,
  createApiDeps,
  createCallerFactory,
  createContext,
  createGameTimer,
  createMemorySessionStore,
  type ApiDeps,
} from '../src';
import { COMPACT_AFTER } from '../src/domains/games/game-docs';
import { TEST_PASSWORD, TEST_SCRYPT_LOG_N, testSandbox } from './helpers';
import { problemInput } from './problem-fixtures';

const createCaller = createCallerFactory(appRouter);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A server process over a database file: its own deps; callers keep their session ids across. */
async function boot(path: string) {
  const db = createDb(path);
  const deps = await createApiDeps(db, { sandbox: testSandbox, scryptLogN: TEST_SCRYPT_LOG_N });
  const as = (sessionId: string | null) =>
    createCaller(
      createContext(deps, {
        session: createMemorySessionStore(sessionId),
        clientAddress: '127.0.0.1',
        transport: 'internal',
      }),
    );
  return { db, deps, as, close: () => closeDb(db) };
}

async function signUp(deps: ApiDeps, username: string): Promise<string> {
  const session = createMemorySessionStore(null);
  const api = createCaller(
    createContext(deps, { session, clientAddress: '127.0.0.1', transport: 'internal' }),
  );
  await api.auth.signup({ username, password: TEST_PASSWORD });
  return session.sessionId!;
}

// A restart reopens the same SQLite file; a PostgreSQL test database lasts only while it is open.
describe.runIf(databaseKind === 'sqlite')('games survive a restart', () => {
  it('a half-played Nim game and a half-written CollabCode document go on from the same state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'games-restart-'));
    dirs.push(dir);
    const path = join(dir, 'app.db');

    let server = await boot(path);
    const alice = await signUp(server.deps, 'alice');
    const bob = await signUp(server.deps, 'bob');
    const nim = (
      await server
        .as(alice)
        .game.createNim({ seatCreator: false, title: 'Nim for two', isPrivate: false })
    ).game.id;
    await server.as(alice).game.join({ id: nim });
    await server.as(bob).game.join({ id: nim });
    await server.as(alice).game.nimMove({ id: nim, numObjects: 3 });
    await server.as(bob).game.nimMove({ id: nim, numObjects: 2 });

    const problem = (await server.as(alice).problem.create(problemInput())).problem;
    const collab = (
      await server.as(alice).game.createCollabCode({
        seatCreator: false,
        title: 'Add together',
        isPrivate: false,
        problemId: problem.id,
      })
    ).game.id;
    await server.as(alice).game.join({ id: collab });
    await server.as(bob).game.join({ id: collab });
    const doc = new Y.Doc();
    Y.applyUpdate(
      doc,
      Buffer.from((await server.as(bob).game.codeState({ id: collab })).update, 'base64'),
    );
    const sent: Uint8Array[] = [];
    doc.on('update', (u: Uint8Array) => sent.push(u));
    // Enough single keystrokes to compact the log into a snapshot at least once.
    for (const ch of '\n  return a + b;'.repeat(Math.ceil(COMPACT_AFTER / 15) + 1)) {
      const text = doc.getText(CODE_TEXT);
      text.insert(text.length - 1, ch);
      await server
        .as(bob)
        .game.editCode({ id: collab, update: Buffer.from(sent.pop()!).toString('base64') });
    }
    await server
      .as(alice)
      .game.setCode({ id: collab, code: '// alice\n' + doc.getText(CODE_TEXT) });
    const textBefore = codeText((await server.as(alice).game.codeState({ id: collab })).update);
    const nimBefore = await server.as(alice).game.byId({ id: nim });
    const snapshots = await firstRow(server.db.select({ n: count() }).from(gameCodeSnapshots));
    expect(snapshots?.n).toBe(1);
    server.close();

    server = await boot(path);
    const timer = createGameTimer(server.deps);
    await timer.start();
    expect([...timer.scheduled().keys()]).toEqual([collab]);
    await timer.stop();
    expect(await server.as(alice).game.byId({ id: nim })).toEqual(nimBefore);
    expect(nimBefore.state).toMatchObject({ remainingObjects: 16, moves: { length: 2 } });
    const after = await server.as(alice).game.nimMove({ id: nim, numObjects: 1 });
    expect(after.game.state).toMatchObject({ remainingObjects: 15 });

    const restored = codeText((await server.as(bob).game.codeState({ id: collab })).update);
    expect(restored).toBe(textBefore);
    expect(restored.startsWith('// alice\nfunction add(a, b) {')).toBe(true);
    // bob's editor keeps its own document (with the same ids) and goes on typing.
    Y.applyUpdate(
      doc,
      Buffer.from((await server.as(bob).game.codeState({ id: collab })).update, 'base64'),
    );
    doc.getText(CODE_TEXT).insert(0, '// after the restart\n');
    await server
      .as(bob)
      .game.editCode({ id: collab, update: Buffer.from(sent.pop()!).toString('base64') });
    expect(codeText((await server.as(alice).game.codeState({ id: collab })).update)).toBe(
      '// after the restart\n' + textBefore,
    );
    server.close();
  });
});
