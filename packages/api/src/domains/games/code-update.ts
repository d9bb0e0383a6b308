import {
  CODE_UPDATE_MAX_CLIENTS,
  CODE_UPDATE_MAX_STEPS,
  CODE_UPDATE_MAX_STRUCTS,
  GAME_DOC_MAX_BYTES,
  GAME_DOC_MAX_CHARS,
  GAME_DOC_MAX_CLIENTS,
  GAME_DOC_MAX_ITEMS,
  gameMessages,
} from '@app/validators';
import * as Y from 'yjs';
import { Refusal } from '../../core/errors';

/**
 * A CollabCode update is read by this module's own strict reader before Yjs sees it: Yjs would
 * create any root type an update names just by reading it, keep updates with missing dependencies
 * for later, ignore trailing bytes, and spend time quadratic in the concurrent inserts it merges. The
 * reader admits only Yjs's v1 encoding of what the editor makes (strings inserted into and ranges
 * deleted from the `code` text); `admitUpdate` then checks it against the document and prices its
 * merge, so `Y.applyUpdate` only ever runs on an update known to be small and cheap.
 */

/** The shared text's name inside every CollabCode document (the web binds its editor to it). */
export const CODE_TEXT = 'code';

interface StructId {
  client: number;
  clock: number;
}

interface ParsedStruct extends StructId {
  length: number;
  /** A GC struct only takes clock space; an item is placed in the text. */
  gc: boolean;
  origin: StructId | null;
  rightOrigin: StructId | null;
  /** Whether its content is text (a ContentString), rather than a deleted placeholder. */
  text: boolean;
}

interface DeleteRange extends StructId {
  length: number;
}

export interface ParsedCodeUpdate {
  bytes: Uint8Array;
  /** Each client's structs, in clock order without gaps. */
  clients: Map<number, ParsedStruct[]>;
  deletes: DeleteRange[];
}

// BAD_REQUEST, so the sentence reaches the player (a PAYLOAD_TOO_LARGE is answered in transport words).
const refuse = (message: string) => new Refusal({ code: 'BAD_REQUEST', message });
const invalid = () => refuse(gameMessages.invalidUpdate);
const notCode = () => refuse(gameMessages.updateNotCode);
const tooLarge = () => refuse(gameMessages.updateTooLarge);

// Yjs's info byte: the content's kind in the low 5 bits, then parentSub, rightOrigin, origin flags.
const CONTENT_BITS = 0x1f;
const HAS_PARENT_SUB = 0x20;
const HAS_RIGHT_ORIGIN = 0x40;
const HAS_ORIGIN = 0x80;
const GC_STRUCT = 0;
const CONTENT_DELETED = 1;
const CONTENT_STRING = 4;
/** lib0 reads strings as Yjs does: invalid UTF-8 is an error, a leading BOM is kept. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.pos >= this.bytes.length) throw invalid();
    return this.bytes[this.pos++]!;
  }

  /** lib0's variable-length unsigned integer (7 bits a byte, low first). */
  uint(): number {
    let num = 0;
    let mult = 1;
    for (;;) {
      const byte = this.byte();
      num += (byte & 0x7f) * mult;
      if (byte < 0x80) return num;
      mult *= 128;
      if (num > Number.MAX_SAFE_INTEGER) throw invalid();
    }
  }

  string(): string {
    const length = this.uint();
    if (length > this.bytes.length - this.pos) throw invalid();
    const bytes = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    try {
      return utf8.decode(bytes);
    } catch {
      throw invalid();
    }
  }

  id(): StructId {
    return { client: this.uint(), clock: this.uint() };
  }

  get done(): boolean {
    return this.pos === this.bytes.length;
  }
}

function readStruct(reader: Reader, client: number, clock: number): ParsedStruct {
  const info = reader.byte();
  const content = info & CONTENT_BITS;
  if (content === GC_STRUCT) {
    const length = reader.uint();
    if (length === 0) throw invalid();
    return { client, clock, length, gc: true, origin: null, rightOrigin: null, text: false };
  }
  const origin = info & HAS_ORIGIN ? reader.id() : null;
  const rightOrigin = info & HAS_RIGHT_ORIGIN ? reader.id() : null;
  // A key inside its parent is a Y.Map entry; the code text has none.
  if (info & HAS_PARENT_SUB) throw notCode();
  if (!origin && !rightOrigin) {
    // Without neighbours an item names its parent: it must be the root text `code` (1 = a root's
    // name follows; anything else is a nested type's id).
    if (reader.uint() !== 1 || reader.string() !== CODE_TEXT) throw notCode();
  }
  let length: number;
  if (content === CONTENT_STRING) {
    length = reader.string().length;
  } else if (content === CONTENT_DELETED) {
    length = reader.uint();
  } else {
    // Skip structs (holes), embeds, formats, nested types, JSON, binary: not what a code text holds.
    throw notCode();
  }
  if (length === 0) throw invalid();
  return {
    client,
    clock,
    length,
    gc: false,
    origin,
    rightOrigin,
    text: content === CONTENT_STRING,
  };
}

/**
 * Reads a client's update (Yjs v1 encoding) completely, refusing junk, trailing bytes, foreign
 * roots, map entries, any content but strings, holes, and more structs or clients than one update
 * may carry, before anything is decoded at length.
 */
export function parseCodeUpdate(bytes: Uint8Array): ParsedCodeUpdate {
  const reader = new Reader(bytes);
  const clients = new Map<number, ParsedStruct[]>();
  // Counts are checked against the bytes left first: junk reads as a huge count.
  const clientCount = reader.uint();
  if (clientCount > bytes.length) throw invalid();
  if (clientCount > CODE_UPDATE_MAX_CLIENTS) throw tooLarge();
  let structCount = 0;
  for (let i = 0; i < clientCount; i += 1) {
    const count = reader.uint();
    structCount += count;
    if (count > bytes.length) throw invalid();
    if (structCount > CODE_UPDATE_MAX_STRUCTS) throw tooLarge();
    const client = reader.uint();
    let clock = reader.uint();
    if (count === 0 || clients.has(client)) throw invalid();
    const structs: ParsedStruct[] = [];
    for (let s = 0; s < count; s += 1) {
      const struct = readStruct(reader, client, clock);
      structs.push(struct);
      clock += struct.length;
      if (clock > Number.MAX_SAFE_INTEGER) throw invalid();
    }
    clients.set(client, structs);
  }
  const deletes: DeleteRange[] = [];
  const deleteClients = reader.uint();
  for (let i = 0; i < deleteClients; i += 1) {
    const client = reader.uint();
    const count = reader.uint();
    if (count > bytes.length) throw invalid();
    // Deleted ranges cost one pass over the items they cover: as many as the document may hold.
    if (deletes.length + count > GAME_DOC_MAX_ITEMS) throw tooLarge();
    for (let d = 0; d < count; d += 1) {
      const range = { client, clock: reader.uint(), length: reader.uint() };
      if (range.length === 0) throw invalid();
      deletes.push(range);
    }
  }
  if (!reader.done || (clients.size === 0 && deletes.length === 0)) throw invalid();
  return { bytes, clients, deletes };
}

type DocStruct = Y.Item | Y.GC;

/** The clock after a client's last struct in the document (0 for a client it has not seen). */
function docState(store: Y.Doc['store'], client: number): number {
  const structs = store.clients.get(client);
  const last = structs?.[structs.length - 1];
  return last ? last.id.clock + last.length : 0;
}

/** The index of the struct holding `clock` in one client's sorted structs (it must be there). */
function findIndex(structs: DocStruct[], clock: number): number {
  let low = 0;
  let high = structs.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const struct = structs[mid]!;
    if (clock < struct.id.clock) high = mid - 1;
    else if (clock >= struct.id.clock + struct.length) low = mid + 1;
    else return mid;
  }
  throw new Error(`No struct at clock ${clock}`);
}

/** The number of items in the document (text items, split pieces, deleted ones, GC). */
export function docItemCount(doc: Y.Doc): number {
  let count = 0;
  doc.store.clients.forEach((structs) => (count += structs.length));
  return count;
}

/** Where an inserted item will go: after `left` and before `right` (null: the text's start or end). */
interface Anchor {
  struct: DocStruct | null;
  clock: number;
}

/**
 * Checks an update against the document before it is applied: every reference resolves to the code
 * text's own items or to an earlier item of the same client in the update (nothing pending, no
 * dependency loops), the document stays within its bounds, and the items Yjs would scan to place
 * the new ones stay within CODE_UPDATE_MAX_STEPS. Reads the document only.
 */
export function admitUpdate(doc: Y.Doc, docBytes: number, update: ParsedCodeUpdate): void {
  const store = doc.store;
  const text = doc.getText(CODE_TEXT);
  if (docBytes + update.bytes.length > GAME_DOC_MAX_BYTES) throw refuse(gameMessages.documentFull);

  // What is new: each client's structs past what the document holds, which must start there.
  const known = new Map<number, number>();
  let newClients = 0;
  let newStructs = 0;
  for (const [client, structs] of update.clients) {
    const state = docState(store, client);
    known.set(client, state);
    if (structs[0]!.clock > state) throw notCode();
    const end = structs[structs.length - 1]!;
    if (end.clock + end.length > state) {
      if (state === 0) newClients += 1;
      newStructs += structs.filter((struct) => struct.clock + struct.length > state).length;
    }
  }
  if (store.clients.size + newClients > GAME_DOC_MAX_CLIENTS) {
    throw refuse(gameMessages.documentFull);
  }
  const stateOf = (client: number) => known.get(client) ?? docState(store, client);
  let steps = 0;
  const spend = (count: number) => {
    steps += count;
    if (steps > CODE_UPDATE_MAX_STEPS) throw tooLarge();
  };

  /** A struct of the document holding the id; it must belong to the code text. */
  const docStruct = (id: StructId): DocStruct => {
    const structs = store.clients.get(id.client)!;
    const struct = structs[findIndex(structs, id.clock)]!;
    if (struct instanceof Y.Item && struct.parent !== text) throw notCode();
    return struct;
  };

  const anchors = new Map<ParsedStruct, { left: Anchor; right: Anchor }>();
  /** The anchor a reference gives: a document item, or inherited from an earlier new item. */
  const anchorOf = (
    ref: StructId | null,
    own: ParsedStruct,
    side: 'left' | 'right',
  ): Anchor | null => {
    if (!ref) return null;
    if (ref.clock < stateOf(ref.client)) return { struct: docStruct(ref), clock: ref.clock };
    // Only the same client's earlier items in this update: no waiting on others, no loops.
    if (ref.client !== own.client || ref.clock >= own.clock) throw notCode();
    const earlier = update.clients
      .get(own.client)!
      .find((struct) => ref.clock >= struct.clock && ref.clock < struct.clock + struct.length);
    const inherited = earlier && anchors.get(earlier);
    if (!inherited) throw notCode();
    return inherited[side];
  };

  let addedChars = 0;
  let placed = 0;
  for (const structs of update.clients.values()) {
    for (const struct of structs) {
      const state = stateOf(struct.client);
      if (struct.clock + struct.length <= state) continue;
      if (struct.gc) continue;
      // Yjs applies only the unknown part of a struct it partly has, after the known part.
      const offset = Math.max(0, state - struct.clock);
      const origin = offset > 0 ? { client: struct.client, clock: state - 1 } : struct.origin;
      const left = anchorOf(origin, struct, 'left') ?? { struct: null, clock: -1 };
      const right = anchorOf(struct.rightOrigin, struct, 'right') ?? { struct: null, clock: -1 };
      anchors.set(struct, { left, right });
      if (struct.text) addedChars += struct.length - offset;
      // Placing it may scan every item between its neighbours, and the new items put there before.
      spend(1 + placed + scanLength(text, left, right, CODE_UPDATE_MAX_STEPS - steps));
      placed += 1;
    }
  }

  const deleted = countDeletes(update, stateOf, store);
  // Deleting is linear in the items covered (Yjs visits each): at most one pass over the document.
  if (deleted.visited > GAME_DOC_MAX_ITEMS) throw tooLarge();
  // A new item may split the items at both its neighbours; a deleted range those at its ends.
  const growth = 3 * newStructs + deleted.splits;
  if (docItemCount(doc) + growth > GAME_DOC_MAX_ITEMS) throw refuse(gameMessages.documentFull);
  if (text.length + addedChars - deleted.inNew - deleted.inDoc > GAME_DOC_MAX_CHARS) {
    throw refuse(gameMessages.codeTooLong);
  }
}

/** How many items lie between two anchors now (up to `cap`): what Yjs may scan to place an item. */
function scanLength(text: Y.Text, left: Anchor, right: Anchor, cap: number): number {
  // An item next to collected garbage is collected too, without being placed.
  if (left.struct instanceof Y.GC || right.struct instanceof Y.GC) return 0;
  if (left.struct && left.struct === right.struct && right.clock > left.clock) return 0;
  let item: Y.Item | null = left.struct ? left.struct.right : text._start;
  let count = 0;
  while (item !== null && item !== right.struct && count <= cap) {
    item = item.right;
    count += 1;
  }
  return count;
}

/**
 * What the update's deleted ranges do: the characters they remove from the document's visible text
 * and from the update's own new text, the document's items they visit and split. Ranges must lie
 * within what the document and the update hold.
 */
function countDeletes(
  update: ParsedCodeUpdate,
  stateOf: (client: number) => number,
  store: Y.Doc['store'],
): { inDoc: number; inNew: number; visited: number; splits: number } {
  let inDoc = 0;
  let inNew = 0;
  let visited = 0;
  let splits = 0;
  const byClient = new Map<number, DeleteRange[]>();
  for (const range of update.deletes) {
    const ranges = byClient.get(range.client) ?? [];
    ranges.push(range);
    byClient.set(range.client, ranges);
  }
  for (const [client, ranges] of byClient) {
    const state = stateOf(client);
    const structs = update.clients.get(client) ?? [];
    const last = structs[structs.length - 1];
    const end = Math.max(state, last ? last.clock + last.length : 0);
    // Overlapping ranges are merged, so nothing is counted twice.
    const merged: DeleteRange[] = [];
    for (const range of [...ranges].sort((a, b) => a.clock - b.clock)) {
      const previous = merged[merged.length - 1];
      if (previous && range.clock <= previous.clock + previous.length) {
        previous.length = Math.max(previous.length, range.clock + range.length - previous.clock);
      } else {
        merged.push({ ...range });
      }
    }
    for (const range of merged) {
      const rangeEnd = range.clock + range.length;
      if (rangeEnd > end) throw notCode();
      visited += 1;
      if (range.clock < state) {
        const docStructs = store.clients.get(client)!;
        const stop = Math.min(rangeEnd, state);
        for (let i = findIndex(docStructs, range.clock); i < docStructs.length; i += 1) {
          const struct = docStructs[i]!;
          const structEnd = struct.id.clock + struct.length;
          if (struct.id.clock >= stop || visited > GAME_DOC_MAX_ITEMS) break;
          visited += 1;
          if (range.clock > struct.id.clock) splits += 1;
          if (stop < structEnd) splits += 1;
          if (struct instanceof Y.Item && !struct.deleted && struct.countable) {
            inDoc += Math.min(stop, structEnd) - Math.max(range.clock, struct.id.clock);
          }
        }
      }
      if (rangeEnd <= state) continue;
      for (const struct of structs) {
        if (!struct.text) continue;
        const from = Math.max(range.clock, state, struct.clock);
        const to = Math.min(rangeEnd, struct.clock + struct.length);
        if (to > from) inNew += to - from;
      }
    }
  }
  return { inDoc, inNew, visited, splits };
}
