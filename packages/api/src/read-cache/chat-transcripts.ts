import { deepFreeze } from '../core/deep-freeze';
import type { ChatEvent } from '../domains/messaging/events';
import type { MessageView } from '../domains/messaging/shapes';

/** One message of a chat as everyone sees it, and whether flags hide it (from all but its sender). */
export interface TranscriptRow {
  readonly message: Readonly<MessageView>;
  readonly hidden: boolean;
}

/**
 * Whole chats, oldest message first, as the original client reads them (every message of a chat
 * in each answer, and after each message it sends): read once, then kept up to date by the chat's
 * events, so a long chat costs its answer, not a read of its whole history. Rows are frozen and
 * keep their identity while kept, so a door may keep what it makes of each one.
 */
export interface ChatTranscripts {
  messages(chatId: number, read: () => Promise<TranscriptRow[]>): Promise<Transcript>;
}

/**
 * A chat's rows and, when flags hide none of them (nearly always), their messages in the same
 * order: what every participant sees, ready to be copied whole rather than looked through row by
 * row (a long chat answered after every message sent to it). Both are the cache's own and change
 * with the next event: a reader copies what it keeps.
 */
export interface Transcript {
  readonly rows: readonly TranscriptRow[];
  readonly shownToAll: readonly Readonly<MessageView>[] | null;
}

function transcriptOf(rows: TranscriptRow[]): {
  rows: TranscriptRow[];
  shownToAll: Readonly<MessageView>[] | null;
} {
  return {
    rows,
    shownToAll: rows.some((row) => row.hidden) ? null : rows.map((row) => row.message),
  };
}

type Held = ReturnType<typeof transcriptOf>;

/** How many messages all kept chats may hold together; a chat longer than this is never kept. */
export const TRANSCRIPT_ROWS = 100_000;
/** How many chats are kept at most. */
export const TRANSCRIPT_CHATS = 2_000;

/**
 * The transcripts of one process. A new message is added where its id belongs (on PostgreSQL ids
 * can commit out of order) and never twice; a message hidden or shown again drops its chat, read
 * again on its next use. A read that an event of its chat overtook answers its own request only.
 * `beforeRead` delivers what other processes wrote first (the bus's sync).
 */
export class ChatTranscriptCache implements ChatTranscripts {
  /** Least recently used first. */
  private readonly kept = new Map<number, Held>();
  private rows = 0;
  /** Chats being read now, and whether an event of theirs arrived meanwhile. */
  private readonly reading = new Map<number, { overtaken: boolean; readers: number }>();

  constructor(
    private readonly beforeRead: () => void | Promise<void> = () => {},
    private readonly bounds = { rows: TRANSCRIPT_ROWS, chats: TRANSCRIPT_CHATS },
  ) {}

  async messages(chatId: number, read: () => Promise<TranscriptRow[]>): Promise<Transcript> {
    await this.beforeRead();
    const held = this.kept.get(chatId);
    if (held) {
      this.kept.delete(chatId);
      this.kept.set(chatId, held);
      return held;
    }
    const flag = this.reading.get(chatId) ?? { overtaken: false, readers: 0 };
    flag.readers++;
    this.reading.set(chatId, flag);
    try {
      const transcript = transcriptOf((await read()).map((row) => deepFreeze({ ...row })));
      if (!flag.overtaken && !this.kept.has(chatId)) this.keep(chatId, transcript);
      return transcript;
    } finally {
      if (--flag.readers === 0) this.reading.delete(chatId);
    }
  }

  /** What a chat event changes: the bus hands every chat's events here, in outbox order. */
  apply(event: ChatEvent): void {
    const flag = this.reading.get(event.chatId);
    if (flag) flag.overtaken = true;
    const held = this.kept.get(event.chatId);
    if (!held) return;
    if (event.type === 'messageHidden') this.drop(event.chatId);
    else if (event.type === 'newMessage') {
      this.add(held, { message: event.message, hidden: false });
      this.trim();
    }
  }

  private add({ rows, shownToAll }: Held, row: TranscriptRow): void {
    const id = row.message.id;
    let at = rows.length;
    while (at > 0 && rows[at - 1]!.message.id > id) at--;
    if (at > 0 && rows[at - 1]!.message.id === id) return;
    const frozen = deepFreeze({ ...row });
    rows.splice(at, 0, frozen);
    shownToAll?.splice(at, 0, frozen.message);
    this.rows++;
  }

  private keep(chatId: number, held: Held): void {
    if (held.rows.length > this.bounds.rows) return;
    this.kept.set(chatId, held);
    this.rows += held.rows.length;
    this.trim();
  }

  private drop(chatId: number): void {
    const held = this.kept.get(chatId);
    if (!held) return;
    this.kept.delete(chatId);
    this.rows -= held.rows.length;
  }

  /** The least recently used chats go until the bounds hold. */
  private trim(): void {
    for (const chatId of this.kept.keys()) {
      if (this.rows <= this.bounds.rows && this.kept.size <= this.bounds.chats) return;
      this.drop(chatId);
    }
  }
}
