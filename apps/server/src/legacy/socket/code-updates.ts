/** How long a CollabCode game's code changes are gathered into one gameUpdate. */
export const CODE_UPDATE_DELAY_MS = 100;
/** makeMoves remembered until their change is sent (more only if flushes stall). */
const REMEMBERED_MOVES = 1000;

export interface CodeUpdatesOptions {
  delayMs?: number;
  /**
   * Sends the game's room its current text. `skip` is the one socket that made every change since
   * the last send: it has that text already, and an echo would overwrite what it typed since.
   */
  flush: (gameId: string, skip: string | null) => Promise<void>;
  onError: (error: unknown) => void;
}

/**
 * The legacy client's CollabCode room, which replaces its editor's text on every gameUpdate: code
 * changes (bus events) of a game are coalesced into at most one send per `delayMs`, which reads the
 * text as it is then, so the latest text always goes out last. A game's sends (and its other room
 * work, such as state changes) run one after another, in order.
 */
export interface CodeUpdates {
  /** A committed code change (its bus event id): the room hears the text within delayMs. */
  changed(gameId: string, eventId: string): void;
  /** The change with that event id came from this socket's makeMove. */
  movedBy(eventId: string, socketId: string): void;
  /** Whether the game has a change not sent yet (or a send under way). */
  pending(gameId: string): boolean;
  /** Work on a game's room, queued after the game's earlier sends. */
  run(gameId: string, task: () => Promise<void>): void;
  close(): void;
}

interface GameQueue {
  timer: ReturnType<typeof setTimeout> | null;
  eventIds: string[];
  tail: Promise<void>;
  queued: number;
}

export function createCodeUpdates({
  delayMs = CODE_UPDATE_DELAY_MS,
  flush,
  onError,
}: CodeUpdatesOptions): CodeUpdates {
  const games = new Map<string, GameQueue>();
  const movers = new Map<string, string>();
  let closed = false;

  const queueOf = (gameId: string): GameQueue => {
    let queue = games.get(gameId);
    if (!queue) {
      queue = { timer: null, eventIds: [], tail: Promise.resolve(), queued: 0 };
      games.set(gameId, queue);
    }
    return queue;
  };

  const run = (gameId: string, task: () => Promise<void>) => {
    if (closed) return;
    const queue = queueOf(gameId);
    queue.queued += 1;
    queue.tail = queue.tail
      .then(task)
      .catch(onError)
      .finally(() => {
        queue.queued -= 1;
        // Idle games are forgotten: the map holds only games with work under way.
        if (!queue.timer && queue.queued === 0 && games.get(gameId) === queue) games.delete(gameId);
      });
  };

  /** The socket that made every one of these changes, or null (another door, or several). */
  const soleMover = (eventIds: string[]): string | null => {
    const sockets = eventIds.map((id) => {
      const socket = movers.get(id);
      movers.delete(id);
      return socket;
    });
    const [first] = sockets;
    return first !== undefined && sockets.every((socket) => socket === first) ? first : null;
  };

  return {
    changed(gameId, eventId) {
      if (closed) return;
      const queue = queueOf(gameId);
      queue.eventIds.push(eventId);
      if (queue.timer) return;
      queue.timer = setTimeout(() => {
        queue.timer = null;
        const skip = soleMover(queue.eventIds.splice(0));
        run(gameId, () => flush(gameId, skip));
      }, delayMs);
    },
    movedBy(eventId, socketId) {
      if (closed) return;
      movers.set(eventId, socketId);
      if (movers.size > REMEMBERED_MOVES) {
        const [oldest] = movers.keys();
        if (oldest !== undefined) movers.delete(oldest);
      }
    },
    pending: (gameId) => games.has(gameId),
    run,
    close() {
      closed = true;
      for (const queue of games.values()) if (queue.timer) clearTimeout(queue.timer);
      games.clear();
      movers.clear();
    },
  };
}
