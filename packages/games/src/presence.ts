import { isPresenceColor, presenceColor, presenceTint } from '@app/validators';

/**
 * The cursors of the shared editor travel as y-protocols awareness updates: for each client id its
 * clock and its state as JSON (lib0 encoding: a count, then per entry two variable-length integers
 * and a length-prefixed UTF-8 string). y-codemirror.next draws a state's `user.name` as text and its
 * `user.color` / `user.colorLight` into a `style` attribute, so neither may be taken as sent: the
 * server sets the user from the session (stampPresence) and a client draws only palette colours
 * (trustedPresence).
 */

export interface AwarenessEntry {
  clientID: number;
  clock: number;
  /** null: the client left (its cursor is removed). */
  state: Record<string, unknown> | null;
}

/** An awareness update that is not one. */
export class PresenceError extends Error {}

const utf8In = new TextDecoder('utf-8', { fatal: true });
const utf8Out = new TextEncoder();

function readUint(bytes: Uint8Array, at: { pos: number }): number {
  let num = 0;
  let mult = 1;
  for (;;) {
    if (at.pos >= bytes.length) throw new PresenceError('The cursor update ends too soon');
    const byte = bytes[at.pos++]!;
    num += (byte & 0x7f) * mult;
    if (byte < 0x80) return num;
    mult *= 128;
    if (num > Number.MAX_SAFE_INTEGER) throw new PresenceError('A number is too large');
  }
}

function writeUint(out: number[], value: number): void {
  while (value > 0x7f) {
    out.push(0x80 | (value & 0x7f));
    value = Math.floor(value / 128);
  }
  out.push(value);
}

export function decodeAwarenessUpdate(bytes: Uint8Array): AwarenessEntry[] {
  const at = { pos: 0 };
  const count = readUint(bytes, at);
  if (count > bytes.length) throw new PresenceError('Too many entries');
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const clientID = readUint(bytes, at);
    const clock = readUint(bytes, at);
    const length = readUint(bytes, at);
    if (length > bytes.length - at.pos) throw new PresenceError('The cursor update ends too soon');
    let state: unknown;
    try {
      state = JSON.parse(utf8In.decode(bytes.subarray(at.pos, at.pos + length)));
    } catch {
      throw new PresenceError('A state is not JSON');
    }
    at.pos += length;
    if (state !== null && (typeof state !== 'object' || Array.isArray(state))) {
      throw new PresenceError('A state is not an object');
    }
    entries.push({ clientID, clock, state: state as Record<string, unknown> | null });
  }
  if (at.pos !== bytes.length) throw new PresenceError('Bytes after the cursor update');
  return entries;
}

export function encodeAwarenessUpdate(entries: readonly AwarenessEntry[]): Uint8Array {
  const out: number[] = [];
  writeUint(out, entries.length);
  for (const entry of entries) {
    writeUint(out, entry.clientID);
    writeUint(out, entry.clock);
    const json = utf8Out.encode(JSON.stringify(entry.state));
    writeUint(out, json.length);
    for (const byte of json) out.push(byte);
  }
  return new Uint8Array(out);
}

/** The user a cursor shows: the name, and the palette colour that name always gets. */
export const presenceUser = (name: string) => ({ name, ...presenceColor(name) });

/**
 * The server's part: a player's own awareness update (one entry) as the room will hear it, with the
 * session user's name and colour in place of whatever it claimed, and only the cursor besides.
 */
export function stampPresence(bytes: Uint8Array, username: string): Uint8Array {
  const entries = decodeAwarenessUpdate(bytes);
  const [entry] = entries;
  if (!entry || entries.length !== 1) throw new PresenceError('One cursor at a time');
  if (entry.state === null) return encodeAwarenessUpdate([entry]);
  const { cursor } = entry.state;
  const state: Record<string, unknown> = { user: presenceUser(username) };
  if (cursor !== undefined) state.cursor = cursor;
  return encodeAwarenessUpdate([{ ...entry, state }]);
}

/**
 * The client's part: every entry's user drawn as a name and a palette colour (its tint derived from
 * it), whatever an older or misbehaving server passed on; a colour off the palette becomes the
 * name's own.
 */
export function trustedPresence(bytes: Uint8Array): Uint8Array {
  const entries = decodeAwarenessUpdate(bytes).map((entry) => {
    if (entry.state === null) return entry;
    const claimed = entry.state.user as { name?: unknown; color?: unknown } | undefined;
    const name = typeof claimed?.name === 'string' ? claimed.name : '';
    const user = isPresenceColor(claimed?.color)
      ? { name, color: claimed.color, colorLight: presenceTint(claimed.color) }
      : presenceUser(name);
    return { ...entry, state: { ...entry.state, user } };
  });
  return encodeAwarenessUpdate(entries);
}
