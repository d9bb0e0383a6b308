import {
  CODE_UPDATE_MAX_STRUCTS,
  GAME_DOC_MAX_BYTES,
  GAME_DOC_MAX_CHARS,
  GAME_DOC_MAX_CLIENTS,
  GAME_DOC_MAX_ITEMS,
  gameMessages,
} from '@app/validators';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CODE_TEXT } from '../src';
import { admitUpdate, docItemCount, parseCodeUpdate } from '../src/domains/games/code-update';

// The server's gate for CollabCode updates, on plain Yjs documents: what an editor sends passes;
// anything that is not an edit of the code text, or would cost too much to merge, is refused before
// Yjs applies it.

/** The server's copy: admits the update, then applies it as appendUpdate does. */
function serverDoc(text = 'function add(a, b) {\n}') {
  const doc = new Y.Doc();
  doc.clientID = 1;
  doc.getText(CODE_TEXT).insert(0, text);
  return {
    doc,
    text: () => doc.getText(CODE_TEXT).toString(),
    send(update: Uint8Array, storedBytes = 0) {
      admitUpdate(doc, storedBytes, parseCodeUpdate(update));
      Y.applyUpdate(doc, update);
    },
  };
}

/** An editor synced from the server's document: each transaction's update, as the web sends them. */
function editorOf(server: Y.Doc, clientID?: number) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(server));
  // Set after the state is in: Yjs picks a new id when a remote update carries the doc's own.
  if (clientID !== undefined) doc.clientID = clientID;
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  return { doc, text: doc.getText(CODE_TEXT), take: () => Y.mergeUpdates(updates.splice(0)) };
}

/** lib0's variable-length unsigned integer. */
function varUint(out: number[], value: number) {
  while (value > 0x7f) {
    out.push(0x80 | (value & 0x7f));
    value = Math.floor(value / 128);
  }
  out.push(value);
}

/**
 * A Yjs v1 update written by hand (as fast as the attacker's): for each client, `items`
 * one-character inserts into the code text that name no neighbours, from clock 0.
 */
function rawInserts(clients: number[], items = 1): Uint8Array {
  const out: number[] = [];
  varUint(out, clients.length);
  for (const client of clients) {
    varUint(out, items);
    varUint(out, client);
    varUint(out, 0);
    for (let i = 0; i < items; i += 1) out.push(4, 1, 4, ...Buffer.from(CODE_TEXT), 1, 0x78);
  }
  out.push(0);
  return new Uint8Array(out);
}

/** One update holding a one-character insert at the start from each of `count` fresh client ids. */
const concurrentInserts = (count: number, firstClient: number) =>
  rawInserts(Array.from({ length: count }, (_, i) => firstClient + i));

const refusal = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('a CollabCode update: what the editor sends is admitted', () => {
  it('typing, deleting another player’s text, concurrent inserts and an update sent twice', () => {
    const server = serverDoc();
    const a = editorOf(server.doc);
    const b = editorOf(server.doc);
    a.text.insert(20, '\n  return a + b;');
    server.send(a.take());
    b.text.insert(0, '// b\n');
    b.text.delete(5, 8);
    server.send(b.take());
    const typed = Y.encodeStateAsUpdate(a.doc);
    server.send(typed);
    Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(server.doc));
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(server.doc));
    expect(a.text.toString()).toBe(server.text());
    expect(b.text.toString()).toBe(server.text());
    expect(server.text()).toContain('return a + b;');
  });
});

describe('a CollabCode update: only edits of the code text', () => {
  const refused = (make: (doc: Y.Doc) => void) => {
    const server = serverDoc();
    const editor = editorOf(server.doc);
    make(editor.doc);
    return refusal(() => server.send(editor.take()));
  };

  it(`refuses another root, a Y.Map, an embed or a format: '${gameMessages.updateNotCode}'`, () => {
    expect(refused((doc) => doc.getText('junk').insert(0, 'x'.repeat(1000)))).toBe(
      gameMessages.updateNotCode,
    );
    expect(refused((doc) => doc.getMap('settings').set('theme', 'dark'))).toBe(
      gameMessages.updateNotCode,
    );
    expect(refused((doc) => doc.getText(CODE_TEXT).insertEmbed(0, { image: 'x' }))).toBe(
      gameMessages.updateNotCode,
    );
    expect(refused((doc) => doc.getText(CODE_TEXT).format(0, 3, { bold: true }))).toBe(
      gameMessages.updateNotCode,
    );
    const mapDoc = new Y.Doc();
    mapDoc.getMap(CODE_TEXT).set('k', 'v');
    expect(refusal(() => serverDoc().send(Y.encodeStateAsUpdate(mapDoc)))).toBe(
      gameMessages.updateNotCode,
    );
  });

  it('refuses an update that needs one the server does not have (it would stay pending)', () => {
    const server = serverDoc();
    const editor = editorOf(server.doc);
    editor.text.insert(0, 'a');
    editor.take();
    editor.text.insert(1, 'b');
    expect(refusal(() => server.send(editor.take()))).toBe(gameMessages.updateNotCode);
    expect(server.doc.store.pendingStructs).toBeNull();
  });

  it(`refuses junk, trailing bytes and an empty update: '${gameMessages.invalidUpdate}'`, () => {
    const server = serverDoc();
    const editor = editorOf(server.doc);
    editor.text.insert(0, 'a');
    const update = editor.take();
    for (const bytes of [
      new Uint8Array(64),
      new Uint8Array([...update, 0]),
      update.subarray(0, update.length - 1),
      new Uint8Array([0, 0]),
      new Uint8Array([255, 255, 255, 255, 7]),
    ]) {
      expect(refusal(() => server.send(bytes))).toBe(gameMessages.invalidUpdate);
    }
    expect(server.text()).toBe('function add(a, b) {\n}');
  });
});

describe('a CollabCode update: what one update may cost', () => {
  it(`refuses the bomb (12,000 inserts from distinct client ids) at once: '${gameMessages.updateTooLarge}'`, () => {
    const server = serverDoc();
    expect(refusal(() => server.send(concurrentInserts(12_000, 10)))).toBe(
      gameMessages.updateTooLarge,
    );
    expect(refusal(() => server.send(concurrentInserts(5, 10)))).toBe(gameMessages.updateTooLarge);
    server.send(concurrentInserts(4, 10));
  });

  it('refuses more structs in one update than CODE_UPDATE_MAX_STRUCTS', () => {
    const server = serverDoc();
    const editor = editorOf(server.doc);
    for (let i = 0; i <= CODE_UPDATE_MAX_STRUCTS; i += 1) editor.text.insert(0, 'x');
    expect(refusal(() => server.send(editor.take()))).toBe(gameMessages.updateTooLarge);
  });

  it('refuses an insert whose placement would scan more of the document than one update may', () => {
    const server = serverDoc('');
    // Thousands of items in the code text (inserts that name no neighbours are an item each).
    Y.applyUpdate(server.doc, rawInserts([7], 12_000));
    // A fresh client's insert that names no neighbours: Yjs would scan every item to place it.
    expect(refusal(() => server.send(concurrentInserts(1, 99)))).toBe(gameMessages.updateTooLarge);
    // The same insert made by a synced editor names its neighbours and costs nothing.
    const editor = editorOf(server.doc, 99);
    editor.text.insert(0, 'x');
    server.send(editor.take());
    expect(server.text()[0]).toBe('x');
  });
});

describe('a CollabCode update: deletions', () => {
  it('replaces all the text of a much-edited document in one update (select all, paste)', () => {
    const server = serverDoc('');
    Y.applyUpdate(server.doc, rawInserts([7], 6_000));
    // Every other character deleted: the text's clock ranges are now broken into thousands.
    const cutter = editorOf(server.doc);
    for (let i = 0; i < 3_000; i += 1) cutter.text.delete(i, 1);
    Y.applyUpdate(server.doc, cutter.take());
    const editor = editorOf(server.doc);
    editor.doc.transact(() => {
      editor.text.delete(0, editor.text.length);
      editor.text.insert(0, 'function add(a, b) {\n  return a + b;\n}');
    });
    server.send(editor.take());
    expect(server.text()).toBe('function add(a, b) {\n  return a + b;\n}');
  });
});

describe('a CollabCode update: the document’s bounds', () => {
  it(`holds at most GAME_DOC_MAX_CHARS characters, counting what an update deletes: '${gameMessages.codeTooLong}'`, () => {
    const server = serverDoc('x'.repeat(GAME_DOC_MAX_CHARS - 5));
    const editor = editorOf(server.doc);
    editor.text.insert(0, 'y'.repeat(6));
    expect(refusal(() => server.send(editor.take()))).toBe(gameMessages.codeTooLong);
    // Replacing everything with as much again is fine: the deletion is counted.
    const replacer = editorOf(server.doc);
    replacer.doc.transact(() => {
      replacer.text.delete(0, replacer.text.length);
      replacer.text.insert(0, 'z'.repeat(GAME_DOC_MAX_CHARS));
    });
    server.send(replacer.take());
    expect(server.text().length).toBe(GAME_DOC_MAX_CHARS);
  });

  it(`holds at most GAME_DOC_MAX_CLIENTS client ids: '${gameMessages.documentFull}'`, () => {
    const server = serverDoc('');
    for (let client = 10; client < 10 + GAME_DOC_MAX_CLIENTS; client += 1) {
      const editor = editorOf(server.doc, client);
      editor.text.insert(editor.text.length, 'c');
      server.send(editor.take());
    }
    expect(server.doc.store.clients.size).toBe(GAME_DOC_MAX_CLIENTS);
    const newcomer = editorOf(server.doc, 5);
    newcomer.text.insert(0, 'n');
    expect(refusal(() => server.send(newcomer.take()))).toBe(gameMessages.documentFull);
    const known = editorOf(server.doc, 10);
    known.text.insert(0, 'k');
    server.send(known.take());
  });

  it('holds at most GAME_DOC_MAX_ITEMS items', () => {
    const server = serverDoc('');
    // Inserts that name no neighbours are an item each.
    Y.applyUpdate(server.doc, rawInserts([7], GAME_DOC_MAX_ITEMS));
    expect(docItemCount(server.doc)).toBe(GAME_DOC_MAX_ITEMS);
    const writer = editorOf(server.doc, 7);
    writer.text.insert(writer.text.length, 'one more');
    expect(refusal(() => server.send(writer.take()))).toBe(gameMessages.documentFull);
  });

  it('stores at most GAME_DOC_MAX_BYTES (snapshot and log)', () => {
    const server = serverDoc();
    const editor = editorOf(server.doc);
    editor.text.insert(0, 'abc');
    const update = editor.take();
    expect(refusal(() => server.send(update, GAME_DOC_MAX_BYTES - update.length + 1))).toBe(
      gameMessages.documentFull,
    );
    server.send(update, GAME_DOC_MAX_BYTES - update.length);
  });
});
