import type { EventBus, QuestionEvent } from '@app/api';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  addVary,
  chooseEncoding,
  compress,
  COMPRESS_MIN_BYTES,
  type Encoding,
} from './compression';

/**
 * What a cached answer was read from, so the question events that can change it drop it:
 * - the question page: every event of that question (a view only patches its count);
 * - a list page: its order and the questions on it (see dropsList);
 * - the tag list.
 */
export type Dependency =
  | { kind: 'question'; qid: number }
  | { kind: 'list'; order: string; qids: ReadonlySet<number> }
  | { kind: 'tags' };

const hashOf = (text: string | Buffer) => createHash('sha1').update(text).digest('base64url');

/** A body ready to send: its bytes, a weak ETag of its content, and compressed forms made on demand. */
export class CachedBody {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private readonly ready = new Map<Encoding, Buffer>();
  private encodedBytes = 0;

  /** `onEncoded` hears how many bytes each compressed form adds (the response cache counts them). */
  constructor(
    readonly body: Buffer,
    etag?: string,
    private readonly onEncoded?: (bytes: number) => void,
  ) {
    this.etag = etag ?? `W/"${hashOf(body)}"`;
  }

  /** The body compressed once for every request that asks for this encoding. */
  encodedAs(encoding: Encoding): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      pending = compress(this.body, encoding).then((buffer) => {
        this.encodedBytes += buffer.length;
        this.ready.set(encoding, buffer);
        this.onEncoded?.(buffer.length);
        return buffer;
      });
      pending.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, pending);
    }
    return pending;
  }

  /** The compressed body once made, without waiting. */
  readyAs(encoding: Encoding): Buffer | undefined {
    return this.ready.get(encoding);
  }

  get bytes(): number {
    return this.body.length + this.encodedBytes;
  }
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
export function matchesEtag(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export interface SendOptions {
  contentType: string;
  /** True when the body is the signed-in viewer's own (their vote state): never in a shared cache. */
  personal?: boolean;
  /** Headers this door puts on every answer, as name, value, name, value … */
  headers?: readonly string[];
  /** What the answer varies by besides Accept-Encoding (and Cookie when personal). */
  vary?: string;
}

/**
 * Answers with a cached body: 304 when the client already holds it (If-None-Match), else the body
 * compressed when it is over 1 KB and the client accepts brotli or gzip. Browsers keep it and
 * revalidate on each use (no-cache), so a change shows at once and an unchanged one costs a 304.
 * Every header goes in one writeHead: this runs for every cached read.
 */
export async function sendCachedBody(
  req: IncomingMessage,
  res: ServerResponse,
  cached: CachedBody,
  opts: SendOptions,
): Promise<void> {
  const fresh = matchesEtag(req, cached.etag);
  const encoding = !fresh && cached.body.length >= COMPRESS_MIN_BYTES ? chooseEncoding(req) : null;
  // Everything that can fail happens before the first header is set.
  const body = encoding
    ? (cached.readyAs(encoding) ?? (await cached.encodedAs(encoding)))
    : cached.body;
  let vary = opts.vary ? `${opts.vary}, Accept-Encoding` : 'Accept-Encoding';
  if (opts.personal) vary += ', Cookie';
  const earlier = res.getHeader('Vary');
  if (earlier !== undefined) vary = addVary(earlier, vary);
  const headers = [
    ...(opts.headers ?? []),
    'ETag',
    cached.etag,
    'Cache-Control',
    opts.personal ? 'private, no-cache' : 'no-cache',
    'Vary',
    vary,
  ];
  if (fresh) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers.push('Content-Type', opts.contentType, 'Content-Length', String(body.length));
  if (encoding) headers.push('Content-Encoding', encoding);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * One cached procedure answer: its serialized result (`{"result":{"data":…}}`), what it was read
 * from, and the response bodies made from it (alone, or as a batch of one).
 */
interface Entry {
  key: string;
  part: string;
  dependency: Dependency;
  /** Where the question page's view count sits in `part`, to patch it on a view. */
  viewCount: { start: number; end: number } | null;
  bodies: { single?: CachedBody; batch?: CachedBody };
  hash: string;
  /** What it holds in memory: its part and every body made from it, compressed forms included. */
  bytes: number;
}

export interface StoredAnswer {
  part: string;
  dependency: Dependency;
}

const VIEW_COUNT_KEY = '"viewCount":';

/** The place of the one view count in a question page's JSON, or null when there is not exactly one. */
function viewCountPlace(part: string): Entry['viewCount'] {
  const first = part.indexOf(VIEW_COUNT_KEY);
  if (first < 0 || part.indexOf(VIEW_COUNT_KEY, first + 1) >= 0) return null;
  const start = first + VIEW_COUNT_KEY.length;
  const digits = /^\d+/.exec(part.slice(start, start + 20));
  return digits ? { start, end: start + digits[0].length } : null;
}

/** How much one process's cache holds at most: past either, the least recently used answers go. */
export interface ResponseCacheLimits {
  entries: number;
  bytes: number;
}

export const DEFAULT_RESPONSE_CACHE_LIMITS: ResponseCacheLimits = {
  entries: 20_000,
  bytes: 128 * 1024 * 1024,
};

/**
 * Kinds of question events that change only some lists; every other kind (a new question, an answer,
 * and kinds added later such as edits) drops every list and the tag list.
 */
function dropsList(
  qid: number,
  event: QuestionEvent,
  order: string,
  qids: ReadonlySet<number>,
): boolean {
  const onPage = qids.has(qid);
  switch (event.type) {
    case 'viewed':
      return onPage || order === 'mostViewed';
    case 'voted':
      return onPage;
    case 'commented':
      return onPage || order === 'active';
    default:
      return true;
  }
}

const KEEPS_TAGS = new Set<string>(['viewed', 'voted', 'commented', 'answered']);

/**
 * Serialized answers of public queries, keyed by procedure and input (and viewer, for answers that hold
 * the viewer's own state), kept until a question event on the bus says they changed. The bus delivers
 * a write's events before the write answers, so no read after an acknowledged write sees the old
 * answer; an answer being computed while an event arrives is not stored (the epoch moved).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry | null>>();
  private epoch = 0;
  private bytes = 0;

  constructor(private readonly limits: ResponseCacheLimits = DEFAULT_RESPONSE_CACHE_LIMITS) {}

  static async over(
    bus: EventBus,
    limits: ResponseCacheLimits = DEFAULT_RESPONSE_CACHE_LIMITS,
  ): Promise<ResponseCache> {
    const cache = new ResponseCache(limits);
    // The key names the question, whatever kind of event it is (kinds added later included).
    await bus.subscribe('question', null, ({ key, payload }) =>
      cache.onQuestionEvent(Number(key), payload),
    );
    return cache;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The entry for a key, computing it once however many requests ask at the same time. */
  async entry(
    key: string,
    compute: () => Promise<StoredAnswer | null>,
  ): Promise<{ part: string; hash: string; body(batch: boolean): CachedBody } | null> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      let pending = this.pending.get(key);
      if (!pending) {
        const epoch = this.epoch;
        const made = compute().then((answer) => {
          if (this.pending.get(key) === made) this.pending.delete(key);
          if (!answer) return null;
          const read: Entry = {
            ...answer,
            key,
            bytes: answer.part.length,
            viewCount: answer.dependency.kind === 'question' ? viewCountPlace(answer.part) : null,
            bodies: {},
            hash: hashOf(answer.part),
          };
          // An event arrived while it was read: it may be stale, so it answers this request only.
          if (epoch === this.epoch) this.store(key, read);
          return read;
        });
        made.catch(() => {
          if (this.pending.get(key) === made) this.pending.delete(key);
        });
        this.pending.set(key, (pending = made));
      }
      entry = (await pending) ?? undefined;
      if (!entry) return null;
    }
    const found = entry;
    return {
      part: found.part,
      hash: found.hash,
      body: (batch) => this.bodyOf(found, batch),
    };
  }

  private bodyOf(entry: Entry, batch: boolean): CachedBody {
    const slot = batch ? 'batch' : 'single';
    let body = entry.bodies[slot];
    if (!body) {
      const text = batch ? `[${entry.part}]` : entry.part;
      const bodies = entry.bodies;
      body = entry.bodies[slot] = new CachedBody(
        Buffer.from(text),
        `W/"${batch ? 'b' : 's'}${entry.hash}"`,
        // A compressed form made after a view replaced the bodies belongs to none the entry holds.
        (bytes) => entry.bodies === bodies && this.grow(entry, bytes),
      );
      this.grow(entry, body.body.length);
    }
    return body;
  }

  /** Counts memory an entry took on; an entry no longer stored counts for nothing. */
  private grow(entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    if (this.entries.get(entry.key) !== entry) return;
    this.bytes += bytes;
    this.evict();
  }

  private store(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** Drops the least recently used entries until the cache is within its limits. */
  private evict(): void {
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** A view changes only the count: the page's body is patched, not thrown away. */
  private patchViewCount(entry: Entry, viewCount: number): boolean {
    const place = entry.viewCount;
    if (!place) return false;
    const text = String(viewCount);
    entry.part = entry.part.slice(0, place.start) + text + entry.part.slice(place.end);
    entry.viewCount = { start: place.start, end: place.start + text.length };
    entry.hash = hashOf(entry.part);
    // The bodies made from the old text go with it.
    entry.bodies = {};
    this.bytes += entry.part.length - entry.bytes;
    entry.bytes = entry.part.length;
    return true;
  }

  private onQuestionEvent(qid: number, event: QuestionEvent): void {
    this.epoch++;
    this.pending.clear();
    for (const [key, entry] of this.entries) {
      const dependency = entry.dependency;
      let drop: boolean;
      switch (dependency.kind) {
        case 'question':
          drop =
            dependency.qid === qid &&
            !(event.type === 'viewed' && this.patchViewCount(entry, event.viewCount));
          break;
        case 'list':
          drop = dropsList(qid, event, dependency.order, dependency.qids);
          break;
        case 'tags':
          drop = !KEEPS_TAGS.has(event.type);
          break;
      }
      if (drop) this.drop(key);
    }
  }
}
