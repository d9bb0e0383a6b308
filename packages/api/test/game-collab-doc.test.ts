import { firstRow, gameCodeSnapshots, gameCodeUpdates } from '@app/db';
import { gameMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { CODE_TEXT, codeText } from '../src';
import {
  CACHED_DOCS,
  COMPACT_AFTER,
  createGameDocCache,
  docText,
  loadDoc,
} from '../src/domains/games/game-docs';
import { createTestWorld, type TestClient } from './helpers';
import { expectError, people } from './messaging-fixtures';
import { MANY_RUNS, postProblem } from './problem-fixtures';

const SIGNATURE = 'function add(a, b) {\n}';
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function playing() {
  const world = await createTestWorld({ limits: MANY_RUNS });
  const { alice, bob, carol } = await people(world, 'alice', 'bob', 'carol');
  const problem = await postProblem(carol);
  const { game } = await carol.api.game.createCollabCode({
    seatCreator: false,
    title: 'Add together',
    isPrivate: false,
    problemId: problem.id,
    timeLimit: 10,
    playerLimit: 2,
  });
  await alice.api.game.join({ id: game.id });
  await bob.api.game.join({ id: game.id });
  return { world, alice, bob, carol, id: game.id, problemId: problem.id };
}

/** An editor synced from codeState; `take` gives what was typed since, as one update. */
async function editorOf(client: TestClient, id: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from((await client.api.game.codeState({ id })).update, 'base64'));
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  return { doc, text: doc.getText(CODE_TEXT), take: () => b64(Y.mergeUpdates(updates.splice(0))) };
}

describe('CollabCode: the shared document takes only edits of its code text', () => {
  it('refuses another root, a Y.Map, a pending update and 64 zero bytes with a sentence, and changes nothing', async () => {
    const { world, alice, bob, id } = await playing();
    const logRows = async () =>
      (await world.db.select().from(gameCodeUpdates).where(eq(gameCodeUpdates.gameId, id))).length;
    const room = await world.readEvents(bob.api.game.onRoom({ id }));

    const junk = await editorOf(alice, id);
    junk.doc.getText('junk').insert(0, 'x'.repeat(180_000 / 4));
    const map = await editorOf(alice, id);
    map.doc.getMap('meta').set('owner', 'alice');
    const pending = await editorOf(alice, id);
    pending.text.insert(0, '// first\n');
    pending.take();
    pending.text.insert(0, '// second\n');
    for (const [update, message] of [
      [junk.take(), gameMessages.updateNotCode],
      [map.take(), gameMessages.updateNotCode],
      [pending.take(), gameMessages.updateNotCode],
      [b64(new Uint8Array(64)), gameMessages.invalidUpdate],
    ] as const) {
      await expectError(alice.api.game.editCode({ id, update }), 'BAD_REQUEST', message);
    }
    expect(await logRows()).toBe(0);
    expect(codeText((await bob.api.game.codeState({ id })).update)).toBe(SIGNATURE);

    // The room heard none of them: the next event is this edit.
    const editor = await editorOf(alice, id);
    editor.text.insert(0, '// ok\n');
    const { event } = await alice.api.game.editCode({ id, update: editor.take() });
    expect((await room.next()).id).toBe(event?.id);
    const state = new Y.Doc();
    Y.applyUpdate(state, Buffer.from((await bob.api.game.codeState({ id })).update, 'base64'));
    expect([...state.share.keys()]).toEqual([CODE_TEXT]);
  });

  it('the legacy whole-text move writes as one server client: the document gains none per call', async () => {
    const { world, alice, id } = await playing();
    for (const code of ['a', 'ab', 'abc', 'ab']) await alice.api.game.setCode({ id, code });
    const doc = (await loadDoc(world.db, world.deps.games.docs, id, 0)).doc;
    expect(doc.getText(CODE_TEXT).toString()).toBe('ab');
    // The seed's client and the server's.
    expect([...doc.store.clients.keys()].sort()).toEqual([0, 1]);
  });
});

describe('CollabCode: the document copy is never ahead of the database', () => {
  it('a write that fails after the copy took the update is forgotten: the next read has the old text', async () => {
    const { world, alice, bob, id } = await playing();
    const editor = await editorOf(alice, id);
    editor.text.insert(0, '// lost\n');
    // The event is recorded after the update was applied to the copy, in the same transaction.
    vi.spyOn(world.deps.events, 'append').mockImplementationOnce(async () => {
      throw new Error('disk full');
    });
    await expect(alice.api.game.editCode({ id, update: editor.take() })).rejects.toThrow();
    expect(codeText((await bob.api.game.codeState({ id })).update)).toBe(SIGNATURE);
    await alice.api.game.setCode({ id, code: `${SIGNATURE}\n// kept` });
    expect(codeText((await bob.api.game.codeState({ id })).update)).toBe(`${SIGNATURE}\n// kept`);
  });

  it('a read while a write is on its way waits for it, and never sees an update that rolls back', async () => {
    const { world, alice, bob, id } = await playing();
    const editor = await editorOf(alice, id);
    editor.text.insert(0, '// lost\n');
    let fail = () => {};
    const failing = new Promise<never>((_, reject) => {
      fail = () => reject(new Error('disk full'));
    });
    // The write stops at its last statement, its update already in the copy.
    vi.spyOn(world.deps.events, 'append').mockImplementationOnce(() => failing);
    const write = alice.api.game.editCode({ id, update: editor.take() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = bob.api.game.codeState({ id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    fail();
    await expect(write).rejects.toThrow();
    expect(codeText((await read).update)).toBe(SIGNATURE);
  });

  it(`keeps at most ${CACHED_DOCS} games, drops the least recently used, and rebuilds it the same`, async () => {
    const { world, alice, id, problemId } = await playing();
    await alice.api.game.setCode({ id, code: `${SIGNATURE}\n// written` });
    const cache = createGameDocCache();
    await loadDoc(world.db, cache, id, problemId);
    await loadDoc(world.db, cache, 'other-0', problemId);
    for (let i = 1; i < CACHED_DOCS - 1; i += 1)
      await loadDoc(world.db, cache, `other-${i}`, problemId);
    expect(cache.entries.size).toBe(CACHED_DOCS);
    // Used again: now the most recent, so other-0 is the one dropped by the next game.
    await loadDoc(world.db, cache, id, problemId);
    await loadDoc(world.db, cache, 'one-more', problemId);
    expect(cache.entries.size).toBe(CACHED_DOCS);
    expect(cache.entries.has('other-0')).toBe(false);
    expect(cache.entries.has(id)).toBe(true);
    for (let i = 0; i < CACHED_DOCS; i += 1)
      await loadDoc(world.db, cache, `later-${i}`, problemId);
    expect(cache.entries.has(id)).toBe(false);
    expect(docText(await loadDoc(world.db, cache, id, problemId))).toBe(`${SIGNATURE}\n// written`);
  });

  it('a copy older than a snapshot another process compacted is rebuilt from it', async () => {
    const { world, alice, bob, id, problemId } = await playing();
    // Another process's copy, read early.
    const elsewhere = createGameDocCache();
    await alice.api.game.setCode({ id, code: 'v0' });
    expect(docText(await loadDoc(world.db, elsewhere, id, problemId))).toBe('v0');
    for (let i = 1; i <= COMPACT_AFTER; i += 1) await alice.api.game.setCode({ id, code: `v${i}` });
    const snapshot = await firstRow(
      world.db
        .select({ seq: gameCodeSnapshots.seq })
        .from(gameCodeSnapshots)
        .where(eq(gameCodeSnapshots.gameId, id)),
    );
    expect(snapshot?.seq).toBe(COMPACT_AFTER);
    const latest = codeText((await bob.api.game.codeState({ id })).update);
    expect(latest).toBe(`v${COMPACT_AFTER}`);
    expect(docText(await loadDoc(world.db, elsewhere, id, problemId))).toBe(latest);
  });
});

describe('CollabCode and Nim procedures stay with their own game type', () => {
  it(`refuses CollabCode procedures on a Nim game and a Nim move on a CollabCode game: '${gameMessages.unknownGameType}'`, async () => {
    const { world, alice, bob, id } = await playing();
    const { game: nim } = await alice.api.game.createNim({
      seatCreator: false,
      title: 'Nim for two',
      isPrivate: false,
    });
    await alice.api.game.join({ id: nim.id });
    await bob.api.game.join({ id: nim.id });
    const wrongType = (call: Promise<unknown>) =>
      expectError(call, 'BAD_REQUEST', gameMessages.unknownGameType);
    const update = b64(Y.encodeStateAsUpdate(new Y.Doc()));
    await wrongType(alice.api.game.codeState({ id: nim.id }));
    await wrongType(alice.api.game.editCode({ id: nim.id, update }));
    await wrongType(alice.api.game.setCode({ id: nim.id, code: 'x' }));
    await wrongType(alice.api.game.presence({ id: nim.id, update: 'AA==' }));
    await wrongType(alice.api.game.runTests({ id: nim.id }));
    await wrongType(alice.api.game.nimMove({ id, numObjects: 1 }));
    expect((await alice.api.game.byId({ id: nim.id })).state).toMatchObject({ moves: [] });
    expect(await world.db.select().from(gameCodeUpdates)).toEqual([]);
  });
});
