import type { FormatReply, FormatRequest, FormatResult, MarkdownNode } from './markdownTree';

/** A worker as the formatter uses it (the browser's Worker, or a fake in tests). */
export interface FormatWorker {
  post(request: FormatRequest): void;
  terminate(): void;
}

export interface MarkdownFormatterOptions {
  /** Starts a worker wired to the two callbacks; null when the browser has no workers. */
  createWorker: (onReply: (reply: FormatReply) => void, onError: () => void) => FormatWorker | null;
  /** A request still running after this long is given up: the worker is replaced, the text stays plain. */
  timeoutMs: number;
  /** Formatted texts kept for reuse once no component shows them. */
  keepUnused: number;
  /**
   * The tree of a text that needs no worker (no Markdown in it), or null: shown from the first
   * render, so the text does not change shape a moment after it appears.
   */
  formatAtOnce?: (text: string, inline: boolean) => MarkdownNode[] | null;
}

export interface MarkdownFormatter {
  /** The result for this text, once formatted. */
  peek(text: string, inline: boolean): FormatResult | undefined;
  /** Asks for the text to be formatted and kept while shown; call the returned function when done. */
  want(text: string, inline: boolean): () => void;
  /** Called after every new result. */
  subscribe(listener: () => void): () => void;
}

interface Entry {
  text: string;
  inline: boolean;
  /** Mounted components showing this text: kept (and formatted) while any does. */
  holders: number;
  queued: boolean;
  result?: FormatResult;
}

const keyOf = (text: string, inline: boolean) => (inline ? 'i:' : 'b:') + text;

/**
 * Formats posts in a worker, one at a time, in the order asked. A hostile
 * text that runs past the deadline cannot freeze the page: the worker is terminated and a new one
 * takes the rest of the queue. Results are shared by every component showing the same text.
 */
export function createMarkdownFormatter(options: MarkdownFormatterOptions): MarkdownFormatter {
  const entries = new Map<string, Entry>();
  const queue: string[] = [];
  const listeners = new Set<() => void>();
  let worker: FormatWorker | null = null;
  // Replies of a worker that was replaced are ignored.
  let generation = 0;
  let ready = false;
  let unavailable = false;
  let nextId = 1;
  let running: { id: number; key: string; timer: ReturnType<typeof setTimeout> } | null = null;

  // A text formatted at once gets its entry, with its result, the first time it is asked about.
  const entryOf = (text: string, inline: boolean): Entry | undefined => {
    const key = keyOf(text, inline);
    const known = entries.get(key);
    if (known) return known;
    const nodes = options.formatAtOnce?.(text, inline);
    if (!nodes) return undefined;
    const entry: Entry = { text, inline, holders: 0, queued: false };
    entry.result = { kind: 'formatted', nodes };
    entries.set(key, entry);
    return entry;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  // Drops the oldest texts that no component shows, beyond the number kept for reuse.
  const trim = () => {
    let unused = 0;
    for (const entry of entries.values()) if (entry.holders === 0) unused += 1;
    for (const [key, entry] of entries) {
      if (unused <= options.keepUnused) break;
      if (entry.holders === 0 && !entry.queued && running?.key !== key) {
        entries.delete(key);
        unused -= 1;
      }
    }
  };

  const settle = (key: string, result: FormatResult) => {
    const entry = entries.get(key);
    if (entry) {
      entry.result = result;
      entry.queued = false;
    }
    trim();
    notify();
  };

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
    generation += 1;
    ready = false;
  };

  const giveUpAll = () => {
    unavailable = true;
    stopWorker();
    if (running) clearTimeout(running.timer);
    const keys = [...(running ? [running.key] : []), ...queue.splice(0)];
    running = null;
    for (const key of keys) settle(key, { kind: 'plain', reason: 'unavailable' });
  };

  const onReply = (reply: FormatReply) => {
    if (reply.type === 'ready') {
      ready = true;
      pump();
      return;
    }
    if (!running || reply.id !== running.id) return;
    clearTimeout(running.timer);
    const { key } = running;
    running = null;
    settle(
      key,
      reply.type === 'done'
        ? { kind: 'formatted', nodes: reply.nodes }
        : { kind: 'plain', reason: 'tooComplex' },
    );
    pump();
  };

  const pump = () => {
    if (running || unavailable) return;
    // Texts nobody shows any more (a preview typed past) are skipped.
    while (queue.length > 0) {
      const key = queue[0] as string;
      const entry = entries.get(key);
      if (entry && entry.holders > 0) break;
      queue.shift();
      if (entry) {
        entry.queued = false;
        if (!entry.result) entries.delete(key);
      }
    }
    const key = queue[0];
    const entry = key === undefined ? undefined : entries.get(key);
    if (key === undefined || !entry) return;
    if (!worker) {
      const current = ++generation;
      worker = options.createWorker(
        (reply) => {
          if (current === generation) onReply(reply);
        },
        () => {
          if (current === generation) giveUpAll();
        },
      );
      if (!worker) {
        giveUpAll();
        return;
      }
    }
    if (!ready) return;
    queue.shift();
    const id = nextId++;
    const timer = setTimeout(() => {
      if (running?.id !== id) return;
      running = null;
      stopWorker();
      settle(key, { kind: 'plain', reason: 'tooComplex' });
      pump();
    }, options.timeoutMs);
    running = { id, key, timer };
    worker.post({ id, text: entry.text, inline: entry.inline });
  };

  return {
    peek: (text, inline) => entryOf(text, inline)?.result,
    want(text, inline) {
      const key = keyOf(text, inline);
      const entry = entryOf(text, inline) ?? { text, inline, holders: 0, queued: false };
      // Re-inserted: the most recently wanted texts are the last to be dropped.
      entries.delete(key);
      entries.set(key, entry);
      entry.holders += 1;
      if (!entry.result && !entry.queued && running?.key !== key) {
        if (unavailable) {
          settle(key, { kind: 'plain', reason: 'unavailable' });
        } else {
          entry.queued = true;
          queue.push(key);
          pump();
        }
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.holders -= 1;
        trim();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
