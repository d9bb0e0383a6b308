import { dialect, games } from '@app/db';
import { assertCanEdit } from '@app/games';
import { CODE_UPDATE_MAX_BYTES, gameMessages, type CodeUpdateInput } from '@app/validators';
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { admitUpdate, parseCodeUpdate, type ParsedCodeUpdate } from './code-update';
import { collabCodeGame } from './collab-code-game';
import { appendUpdate, diffUpdate, forget, loadDoc, withDoc } from './game-docs';
import { applyRule } from './game-rules';
import { isPlayerNow, readGame } from './game-store';

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/**
 * A client's Yjs update, read in full by code-update.ts's strict reader (only inserts into and
 * deletions from the code text, within one update's bounds) before any write.
 */
export function readUpdate(base64: string): ParsedCodeUpdate {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length > CODE_UPDATE_MAX_BYTES) {
    throw new Refusal({ code: 'BAD_REQUEST', message: gameMessages.updateTooLarge });
  }
  return parseCodeUpdate(bytes);
}

/**
 * The editor's initial sync: the whole document (base64 of Y.encodeStateAsUpdate) and the room's
 * last event id to resume onRoom from. The id is read first: an update committed in between is in
 * both, and applying a Yjs update twice changes nothing. Players only.
 */
export async function codeState(
  deps: ApiDeps,
  viewer: Viewer,
  id: string,
): Promise<{ update: string; lastEventId: string | null }> {
  const game = collabCodeGame(await readGame(deps.db, id));
  if (!(await isPlayerNow(deps.db, id, viewer.id))) {
    throw new Refusal({ code: 'FORBIDDEN', message: gameMessages.notAPlayer });
  }
  const lastEventId = await deps.events.latestId('game', id);
  const update = await withDoc(deps.games.docs, id, async () => {
    const entry = await loadDoc(deps.db, deps.games.docs, id, game.state.problemId);
    return toBase64(Y.encodeStateAsUpdate(entry.doc));
  });
  return { update, lastEventId };
}

/**
 * One write to a game's document: the viewer must be a player of a game in progress before its
 * deadline; the update must be admitted by the document (its bounds, the update's cost); it is
 * stored in the log, applied to the cached document and published as a codeUpdate, all in one
 * transaction. If that fails after the copy was touched, the copy is dropped (rebuilt from the
 * database on the next read), so it never holds what was not committed.
 */
async function writeCode(
  deps: ApiDeps,
  viewer: Viewer,
  id: string,
  makeUpdate: (entry: Awaited<ReturnType<typeof loadDoc>>) => ParsedCodeUpdate | null,
): Promise<{ event: PublishedEvent<'game'> | null }> {
  // The copy is forgotten within the turn: no read between a failed write and that sees it.
  return withDoc(deps.games.docs, id, async () => {
    let touched = false;
    try {
      return await writeTransaction(deps, async ({ tx, now, publish }) => {
        await dialect.lockRows(tx, games, eq(games.id, id));
        const game = collabCodeGame(await readGame(tx, id));
        applyRule(() => assertCanEdit(game.state, viewer.username, now.getTime()));
        const entry = await loadDoc(tx, deps.games.docs, id, game.state.problemId);
        const update = makeUpdate(entry);
        if (!update) return { event: null };
        admitUpdate(entry.doc, entry.bytes, update);
        touched = true;
        await appendUpdate(tx, entry, id, update.bytes, now);
        return {
          event: publish('game', id, {
            type: 'codeUpdate',
            gameId: id,
            update: toBase64(update.bytes),
            from: viewer.username,
          }),
        };
      });
    } catch (error) {
      if (touched) forget(deps.games.docs, id);
      throw error;
    }
  });
}

/** A player's Yjs update from the shared editor. */
export function editCode(deps: ApiDeps, viewer: Viewer, input: CodeUpdateInput) {
  // Read once the game's rules let this player edit (a refusal names the rule, not the bytes).
  return writeCode(deps, viewer, input.id, () => readUpdate(input.update));
}

/**
 * SPEC §7's whole-text move (updatedCode): the new text becomes the smallest change to the shared
 * document, so concurrent editors keep their work. Unchanged text publishes nothing (event null).
 */
export function setCode(deps: ApiDeps, viewer: Viewer, input: { id: string; code: string }) {
  return writeCode(deps, viewer, input.id, (entry) => {
    const update = diffUpdate(entry, input.code);
    return update && parseCodeUpdate(update);
  });
}
