import {
  firstRow,
  gameCodeSnapshots,
  gameCodeUpdates,
  problems,
  type Executor,
  type Tx,
} from '@app/db';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import * as Y from 'yjs';
import { CODE_TEXT } from './code-update';
import { textChange } from './text-change';

export { CODE_TEXT };
/** Log entries past the snapshot before they are compacted into a new one. */
export const COMPACT_AFTER = 200;
export const CACHED_DOCS = 200;
/**
 * The client id of the server's own edits (setCode's diffs). One id for all of them, continuing its
 * clock, so the legacy whole-text move does not add a client to the document on every call; the
 * seed uses 0.
 */
const SERVER_CLIENT = 1;

interface CachedDoc {
  doc: Y.Doc;
  /** The last log entry (or snapshot) applied. */
  seq: number;
  /** The snapshot's seq when the doc was built or last compacted. */
  snapshotSeq: number;
  /** What the database holds for it: the snapshot's size plus the log entries' since. */
  bytes: number;
}

/**
 * The process's copies of CollabCode documents: a cache, never the truth. Each is brought up to date
 * from the database (snapshot + update log) before it is read or written, so a restart, another
 * process's writes or a failed transaction only cost a rebuild.
 */
export interface GameDocCache {
  entries: Map<string, CachedDoc>;
  /** The end of the last use of each game's copy (withDoc). */
  turns: Map<string, Promise<void>>;
}

export function createGameDocCache(): GameDocCache {
  return { entries: new Map(), turns: new Map() };
}

/**
 * One use of a game's copy at a time in this process, in call order. A write holds its turn to its
 * commit, so no read sees an update that may yet roll back, and two writes (on PostgreSQL, in
 * transactions of their own) never interleave on the copy.
 */
export async function withDoc<R>(
  cache: GameDocCache,
  gameId: string,
  use: () => Promise<R>,
): Promise<R> {
  const previous = cache.turns.get(gameId) ?? Promise.resolve();
  let done!: () => void;
  const turn = previous.then(() => new Promise<void>((resolve) => (done = resolve)));
  cache.turns.set(gameId, turn);
  await previous;
  try {
    return await use();
  } finally {
    done();
    if (cache.turns.get(gameId) === turn) cache.turns.delete(gameId);
  }
}

/**
 * The document every game on a problem starts from: its function signature, written by a fixed
 * client id so every process (and every rebuild) makes the very same update and applying it again
 * changes nothing.
 */
export function seedUpdate(signature: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = 0;
  doc.getText(CODE_TEXT).insert(0, signature);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

async function build(db: Executor, gameId: string, problemId: number): Promise<CachedDoc> {
  const doc = new Y.Doc({ gc: true });
  const problem = await firstRow(
    db
      .select({ signature: problems.functionSignature })
      .from(problems)
      .where(eq(problems.id, problemId)),
  );
  Y.applyUpdate(doc, seedUpdate(problem?.signature ?? ''));
  const snapshot = await firstRow(
    db
      .select({ seq: gameCodeSnapshots.seq, state: gameCodeSnapshots.state })
      .from(gameCodeSnapshots)
      .where(eq(gameCodeSnapshots.gameId, gameId)),
  );
  if (snapshot) Y.applyUpdate(doc, snapshot.state);
  const entry: CachedDoc = {
    doc,
    seq: snapshot?.seq ?? 0,
    snapshotSeq: snapshot?.seq ?? 0,
    bytes: snapshot?.state.length ?? 0,
  };
  await applyLog(db, gameId, entry);
  return entry;
}

async function applyLog(db: Executor, gameId: string, entry: CachedDoc): Promise<void> {
  const rows = await db
    .select({ seq: gameCodeUpdates.seq, update: gameCodeUpdates.update })
    .from(gameCodeUpdates)
    .where(and(eq(gameCodeUpdates.gameId, gameId), gt(gameCodeUpdates.seq, entry.seq)))
    .orderBy(asc(gameCodeUpdates.seq));
  for (const row of rows) {
    Y.applyUpdate(entry.doc, row.update);
    entry.seq = row.seq;
    entry.bytes += row.update.length;
  }
}

/**
 * The game's document, up to date with the database (read-only work: inside a write's transaction
 * or outside). A snapshot newer than the copy means entries it has not seen were compacted away:
 * the copy is rebuilt.
 */
export async function loadDoc(
  db: Executor,
  cache: GameDocCache,
  gameId: string,
  problemId: number,
): Promise<CachedDoc> {
  let entry = cache.entries.get(gameId);
  if (entry) {
    const snapshot = await firstRow(
      db
        .select({ seq: gameCodeSnapshots.seq })
        .from(gameCodeSnapshots)
        .where(eq(gameCodeSnapshots.gameId, gameId)),
    );
    if ((snapshot?.seq ?? 0) > entry.seq) {
      entry.doc.destroy();
      entry = undefined;
    } else {
      await applyLog(db, gameId, entry);
    }
  }
  entry ??= await build(db, gameId, problemId);
  // Most recently used last: the first one is the one to drop.
  cache.entries.delete(gameId);
  cache.entries.set(gameId, entry);
  if (cache.entries.size > CACHED_DOCS) {
    const [oldest] = cache.entries.keys();
    if (oldest !== undefined) forget(cache, oldest);
  }
  return entry;
}

/** Drops a copy (after a failed write, or a finished game): the next read rebuilds it. */
export function forget(cache: GameDocCache, gameId: string): void {
  cache.entries.get(gameId)?.doc.destroy();
  cache.entries.delete(gameId);
}

export function docText(entry: CachedDoc): string {
  return entry.doc.getText(CODE_TEXT).toString();
}

/** The code text of a whole document sent as one update (codeState's): for the legacy API and tests. */
export function codeText(base64Update: string): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(base64Update, 'base64'));
  const text = doc.getText(CODE_TEXT).toString();
  doc.destroy();
  return text;
}

/**
 * Stores an admitted update (code-update.ts's admitUpdate) as the log's next entry and applies it to
 * the copy, inside the write's transaction (pure CPU work besides the inserts). If the transaction
 * then fails, the caller forgets the copy. A long log is compacted into the snapshot in the same
 * transaction.
 */
export async function appendUpdate(
  tx: Tx,
  entry: CachedDoc,
  gameId: string,
  update: Uint8Array,
  now: Date,
) {
  const seq = entry.seq + 1;
  await tx
    .insert(gameCodeUpdates)
    .values({ gameId, seq, update: Buffer.from(update), createdAt: now });
  const roots = entry.doc.share.size;
  Y.applyUpdate(entry.doc, update);
  entry.seq = seq;
  entry.bytes += update.length;
  // admitUpdate let through only what resolves in full into the code text: anything else is a bug,
  // and the write fails (its caller then drops this copy).
  const { store, share } = entry.doc;
  if (store.pendingStructs || store.pendingDs || share.size !== roots) {
    throw new Error(`Game ${gameId}: an admitted update did not apply in full to the code text`);
  }
  if (seq - entry.snapshotSeq >= COMPACT_AFTER) {
    const state = Buffer.from(Y.encodeStateAsUpdate(entry.doc));
    await tx
      .insert(gameCodeSnapshots)
      .values({ gameId, seq, state, updatedAt: now })
      .onConflictDoUpdate({
        target: gameCodeSnapshots.gameId,
        set: { seq, state, updatedAt: now },
      });
    await tx
      .delete(gameCodeUpdates)
      .where(and(eq(gameCodeUpdates.gameId, gameId), lte(gameCodeUpdates.seq, seq)));
    entry.snapshotSeq = seq;
    entry.bytes = state.length;
  }
}

/**
 * The update that turns the text into `next` with the fewest changes: the common prefix and suffix
 * stay (so other players' cursors and concurrent edits around them survive), the middle is replaced.
 * Made on the copy itself; the caller stores it with appendUpdate's bookkeeping via `applied`.
 */
export function diffUpdate(entry: CachedDoc, next: string): Uint8Array | null {
  const change = textChange(entry.doc.getText(CODE_TEXT).toString(), next);
  if (!change) return null;
  // Build the change on a scratch copy so the cached one is touched only by appendUpdate.
  const scratch = new Y.Doc();
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(entry.doc));
  // Set after the state is in: Yjs picks a new id when a remote update carries the doc's own.
  scratch.clientID = SERVER_CLIENT;
  // The transaction's own update: only its inserts and deletions (a state-as-update would carry
  // every deletion the document ever had).
  let update: Uint8Array | null = null;
  scratch.on('update', (made: Uint8Array) => (update = made));
  scratch.transact(() => {
    const t = scratch.getText(CODE_TEXT);
    if (change.remove > 0) t.delete(change.start, change.remove);
    if (change.insert) t.insert(change.start, change.insert);
  });
  scratch.destroy();
  return update;
}
