import { trustedPresence } from '@app/games';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { skipToken } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import {
  applyAwarenessUpdate,
  Awareness,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';
import { base64ToBytes, bytesToBase64 } from './base64';
import { errorCode, errorMessage } from '../../../shared/lib/errors';
import { trpc } from '../../../trpc';
import { baseExtensions } from '../../../shared/components/code-editor/extensions';
import type { CollabEditorProps, CollabPeer } from '../../../shared/components/code-editor/types';

/** The origin of everything that came from the server: never sent back. */
const REMOTE = 'remote';
/** Local edits within this window go out as one merged update. */
const BATCH_MS = 50;
/** Cursor moves are sent at most this often. */
const PRESENCE_MS = 80;
const RETRY_MS = 1000;

interface Session {
  doc: Y.Doc;
  awareness: Awareness;
}

/** Refusals (not a player, game over, time up) are final; anything else is worth another try. */
const isRefusal = (err: unknown): boolean =>
  [
    'BAD_REQUEST',
    'FORBIDDEN',
    'NOT_FOUND',
    'UNAUTHORIZED',
    'CONFLICT',
    'PRECONDITION_FAILED',
  ].includes(errorCode(err) ?? '');

// A remote cursor's name sits above it, over the previous line's code: it shows only for a moment
// after that cursor moves (flashNames) and while the pointer is on the cursor; the caret and its
// dot stay, and the room lists who is editing in their colours.
const cursorTheme = EditorView.theme({
  '.cm-ySelectionInfo': {
    opacity: 0,
    top: '-1.35em',
    padding: '1px 4px',
    borderRadius: '3px 3px 3px 0',
    fontFamily: 'var(--font-sans)',
    fontSize: '11px',
    fontWeight: '600',
    color: '#fff',
    pointerEvents: 'none',
    zIndex: 3,
  },
  '.cm-ySelectionCaret:hover > .cm-ySelectionInfo': { opacity: 1 },
  '.cm-ySelectionCaret': { borderLeftWidth: '2px', borderRightWidth: '0' },
});
/** How long a moved cursor's name shows, its last part fading out. */
const NAME_FLASH_MS = 2500;

/** Shows the names of these remote clients' cursors for a moment (their carets carry their colour). */
function flashNames(view: EditorView, awareness: Awareness, clients: number[]) {
  const probe = document.createElement('span');
  const colors = new Set<string>();
  for (const client of clients) {
    const color = (awareness.getStates().get(client) as { user?: { color?: string } } | undefined)
      ?.user?.color;
    if (client === awareness.clientID || !color) continue;
    probe.style.color = color;
    colors.add(probe.style.color);
  }
  if (colors.size === 0) return;
  view.dom.querySelectorAll<HTMLElement>('.cm-ySelectionCaret').forEach((caret) => {
    if (!colors.has(caret.style.borderLeftColor)) return;
    caret
      .querySelector('.cm-ySelectionInfo')
      ?.animate([{ opacity: 1 }, { opacity: 1, offset: 0.75 }, { opacity: 0 }], {
        duration: NAME_FLASH_MS,
        easing: 'ease-in',
      });
  });
}

function readOnlyExtensions(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

function peersOf(awareness: Awareness): CollabPeer[] {
  const peers: CollabPeer[] = [];
  awareness.getStates().forEach((state, clientId) => {
    const user = (state as { user?: Partial<CollabPeer> }).user;
    if (user?.name && user.color)
      peers.push({
        clientId,
        name: user.name,
        color: user.color,
        self: clientId === awareness.clientID,
      });
  });
  return peers.sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
}

/**
 * The CollabCode shared editor: CodeMirror 6 bound to a Yjs document (Y.Text 'code') with
 * y-codemirror.next, remote cursors and names from a y-protocols Awareness. The document syncs
 * over our own tRPC calls: game.codeState for the initial state, game.onRoom's codeUpdate events
 * from that point on (resumed after a dropped connection), local updates out through game.editCode
 * (merged every ~50 ms); cursors through game.presence / game.onPresence. Loaded lazily with
 * CodeMirror, so Yjs stays out of the main bundle.
 */
export default function CollabEditor(props: CollabEditorProps) {
  const { gameId, user, canEdit, isPlayer, labelledBy, describedBy } = props;
  const utils = trpc.useUtils();
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const readOnlyCompartment = useRef(new Compartment());
  const attributesCompartment = useRef(new Compartment());
  const viewRef = useRef<EditorView | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  // The event id the initial state was read at: the room stream starts after it.
  const [start, setStart] = useState<{ lastEventId: string | null } | null>(null);
  const [synced, setSynced] = useState(false);
  // Bumped when the server refuses an edit: the document is built again from the server's state,
  // since Yjs cannot take back local changes and later edits would build on the refused ones.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!host.current) return;
    const doc = new Y.Doc();
    const ytext = doc.getText('code');
    const awareness = new Awareness(doc);
    const me = latest.current.user;
    awareness.setLocalStateField('user', {
      name: me.name,
      color: me.color,
      colorLight: me.colorLight,
    });
    let closed = false;

    // Outgoing document updates: merged, one request at a time, retried unless refused.
    let pending: Uint8Array[] = [];
    let inFlight = false;
    let timer: number | undefined;
    const schedule = (delay = BATCH_MS) => {
      if (timer === undefined) timer = window.setTimeout(flush, delay);
    };
    const flush = () => {
      timer = undefined;
      if (closed || inFlight || pending.length === 0) return;
      const update = pending.length === 1 ? pending[0]! : Y.mergeUpdates(pending);
      pending = [];
      inFlight = true;
      utils.client.game.editCode
        .mutate({ id: gameId, update: bytesToBase64(update) })
        .then(
          () => latest.current.onError(null),
          (err: unknown) => {
            if (closed) return;
            if (isRefusal(err)) {
              latest.current.onError(errorMessage(err));
              // The server refused it: start again from its text, so this editor does not drift away.
              setGeneration((current) => current + 1);
            } else {
              pending.unshift(update);
              schedule(RETRY_MS);
            }
          },
        )
        .finally(() => {
          inFlight = false;
          if (pending.length > 0) schedule();
        });
    };
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return;
      pending.push(update);
      schedule();
    };
    doc.on('update', onUpdate);

    // Outgoing presence: our own cursor and name, throttled; players only (the server checks too).
    let presenceTimer: number | undefined;
    const sendPresence = () => {
      presenceTimer = undefined;
      if (!latest.current.isPlayer) return;
      const update = encodeAwarenessUpdate(awareness, [awareness.clientID]);
      utils.client.game.presence
        .mutate({ id: gameId, update: bytesToBase64(update) })
        .catch(() => undefined);
    };
    const onAwareness = (
      changes: { added: number[]; updated: number[]; removed: number[] },
      origin: unknown,
    ) => {
      latest.current.onPeersChange?.(peersOf(awareness));
      // Someone new arrived: tell them who we are and where our cursor is.
      const mine =
        origin !== REMOTE || changes.added.some((client) => client !== awareness.clientID);
      if (mine && presenceTimer === undefined)
        presenceTimer = window.setTimeout(sendPresence, PRESENCE_MS);
    };
    awareness.on('update', onAwareness);
    // A remote cursor moved: its name shows for a moment, once the editor has drawn it there.
    let flashFrame: number | undefined;
    const flashing = new Set<number>();
    const onCursorsMoved = (changes: { added: number[]; updated: number[] }, origin: unknown) => {
      if (origin !== REMOTE) return;
      [...changes.added, ...changes.updated].forEach((client) => flashing.add(client));
      flashFrame ??= window.requestAnimationFrame(() => {
        flashFrame = undefined;
        const moved = [...flashing];
        flashing.clear();
        flashNames(view, awareness, moved);
      });
    };
    awareness.on('change', onCursorsMoved);

    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: ytext.toString(),
        extensions: [
          baseExtensions(false, { withHistory: false }),
          readOnlyCompartment.current.of(readOnlyExtensions(true)),
          attributesCompartment.current.of(
            EditorView.contentAttributes.of({ 'aria-labelledby': latest.current.labelledBy }),
          ),
          yCollab(ytext, awareness, { undoManager: new Y.UndoManager(ytext) }),
          keymap.of(yUndoManagerKeymap),
          cursorTheme,
        ],
      }),
    });
    viewRef.current = view;

    // The initial state, then the stream from the event it was read at.
    utils.client.game.codeState.query({ id: gameId }).then(
      ({ update, lastEventId }) => {
        if (closed) return;
        if (update) Y.applyUpdate(doc, base64ToBytes(update), REMOTE);
        setStart({ lastEventId });
        setSynced(true);
      },
      (err: unknown) => {
        if (!closed) latest.current.onError(errorMessage(err));
      },
    );
    setSession({ doc, awareness });

    return () => {
      closed = true;
      window.clearTimeout(timer);
      window.clearTimeout(presenceTimer);
      // Tell the others our cursor is gone.
      if (latest.current.isPlayer) {
        removeAwarenessStates(awareness, [awareness.clientID], 'local');
        const update = encodeAwarenessUpdate(awareness, [awareness.clientID]);
        utils.client.game.presence
          .mutate({ id: gameId, update: bytesToBase64(update) })
          .catch(() => undefined);
      }
      doc.off('update', onUpdate);
      awareness.off('update', onAwareness);
      awareness.off('change', onCursorsMoved);
      if (flashFrame !== undefined) window.cancelAnimationFrame(flashFrame);
      view.destroy();
      viewRef.current = null;
      awareness.destroy();
      doc.destroy();
      setSession(null);
      setStart(null);
      setSynced(false);
    };
  }, [gameId, utils, generation]);

  // Editable only once the shared text has arrived, and only while the game lets this user edit.
  const editable = canEdit && synced;
  useEffect(() => {
    viewRef.current?.dispatch({
      effects: readOnlyCompartment.current.reconfigure(readOnlyExtensions(!editable)),
    });
  }, [editable, session]);

  useEffect(() => {
    const attributes: Record<string, string> = { 'aria-labelledby': labelledBy };
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (!editable) attributes['aria-readonly'] = 'true';
    viewRef.current?.dispatch({
      effects: attributesCompartment.current.reconfigure(
        EditorView.contentAttributes.of(attributes),
      ),
    });
  }, [labelledBy, describedBy, editable, session]);

  // Remote document updates from the room's stream, after the initial state.
  trpc.game.onRoom.useSubscription(session && start ? { id: gameId, ...start } : skipToken, {
    onStarted: () => {
      // Updates between the state read and this start may have been missed: Yjs merges twice-seen
      // updates harmlessly, so read the whole state once more.
      if (!session) return;
      void utils.client.game.codeState.query({ id: gameId }).then(({ update }) => {
        if (update) Y.applyUpdate(session.doc, base64ToBytes(update), REMOTE);
      });
    },
    onData: ({ data }) => {
      if (session && data.type === 'codeUpdate')
        Y.applyUpdate(session.doc, base64ToBytes(data.update), REMOTE);
    },
  });

  // Remote cursors and names. y-codemirror.next writes a cursor's colour into a style attribute:
  // only palette colours are drawn (the server sets them too), and an unreadable update is dropped.
  trpc.game.onPresence.useSubscription(session && isPlayer ? { id: gameId } : skipToken, {
    onData: (event) => {
      if (!session) return;
      let update: Uint8Array;
      try {
        update = trustedPresence(base64ToBytes(event.update));
      } catch {
        return;
      }
      applyAwarenessUpdate(session.awareness, update, REMOTE);
    },
  });

  // The user's name or colour changed (rare): update what the others see.
  useEffect(() => {
    session?.awareness.setLocalStateField('user', {
      name: user.name,
      color: user.color,
      colorLight: user.colorLight,
    });
  }, [session, user.name, user.color, user.colorLight]);

  return <div ref={host} className="code-editor__host" />;
}
