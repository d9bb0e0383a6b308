/** What the lazily loaded CodeMirror editor takes (kept apart so CodeEditor can import it eagerly). */
export interface CodeMirrorEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** The id of the element naming the editor. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}

/** One person in the shared editor, as its awareness tells. */
export interface CollabPeer {
  clientId: number;
  name: string;
  color: string;
  /** This browser tab. */
  self: boolean;
}

/** What the lazily loaded shared (Yjs) editor takes. */
export interface CollabEditorProps {
  gameId: string;
  /** Name and cursor colours the others see. */
  user: { name: string; color: string; colorLight: string };
  /** A player of a game in progress with time left: may type. */
  canEdit: boolean;
  /** Players share cursors (game.presence / game.onPresence are for players only). */
  isPlayer: boolean;
  labelledBy: string;
  describedBy?: string;
  /** A refused edit's sentence (only this player sees it), or null once an edit is accepted. */
  onError: (message: string | null) => void;
  onPeersChange?: (peers: CollabPeer[]) => void;
}
