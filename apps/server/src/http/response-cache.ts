import type { ReadCache, ReadDependency, Shelf, ShelfSpec, Slot } from '@app/api';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  addVary,
  chooseEncoding,
  compress,
  COMPRESS_MIN_BYTES,
  type Encoding,
} from './compression';

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
 * One cached procedure answer: its serialized result (`{"result":{"data":…}}`) and the response
 * bodies made from it (alone, or as a batch of one). It lives in the read cache, whose entry counts
 * its part and every body made from it, compressed forms included.
 */
interface Answer {
  part: string;
  /** Where the question page's view count sits in `part`, to patch it on a view. */
  viewCount: { start: number; end: number } | null;
  bodies: { single?: CachedBody; batch?: CachedBody };
  hash: string;
}

export interface StoredAnswer {
  part: string;
  dependency: ReadDependency;
}

const VIEW_COUNT_KEY = '"viewCount":';

/** The place of the one view count in a question page's JSON, or null when there is not exactly one. */
function viewCountPlace(part: string): Answer['viewCount'] {
  const first = part.indexOf(VIEW_COUNT_KEY);
  if (first < 0 || part.indexOf(VIEW_COUNT_KEY, first + 1) >= 0) return null;
  const start = first + VIEW_COUNT_KEY.length;
  const digits = /^\d+/.exec(part.slice(start, start + 20));
  return digits ? { start, end: start + digits[0].length } : null;
}

/** A view changes only the count: the page's text is patched, its bodies made again on demand. */
function patchViewCount(answer: Answer, viewCount: number): number | null {
  const place = answer.viewCount;
  if (!place) return null;
  const text = String(viewCount);
  answer.part = answer.part.slice(0, place.start) + text + answer.part.slice(place.end);
  answer.viewCount = { start: place.start, end: place.start + text.length };
  answer.hash = hashOf(answer.part);
  // The bodies made from the old text go with it.
  answer.bodies = {};
  return answer.part.length;
}

/** How much one process keeps of these answers at most: past either, the least recently used go. */
export interface ResponseCacheLimits {
  entries: number;
  bytes: number;
}

export const DEFAULT_RESPONSE_CACHE_LIMITS: ResponseCacheLimits = {
  entries: 20_000,
  bytes: 128 * 1024 * 1024,
};

/**
 * Serialized answers of public queries, keyed by procedure and input (and viewer, for answers that hold
 * the viewer's own state), kept on a shelf of the read cache: what each was read from drops it when
 * the domain's table says an event changed it. This adapter adds only what HTTP needs: the bytes,
 * their ETag and their compressed forms.
 */
export class ResponseCache {
  private readonly shelf: Shelf<Answer>;

  constructor(readCache: ReadCache, limits: ResponseCacheLimits = DEFAULT_RESPONSE_CACHE_LIMITS) {
    const spec: ShelfSpec<Answer> = { name: 'tRPC answers', ...limits, patchViewCount };
    this.shelf = readCache.shelf(spec);
  }

  get size(): { entries: number; bytes: number } {
    return this.shelf.size;
  }

  /** The entry for a key, computing it once however many requests ask at the same time. */
  async entry(
    key: string,
    compute: () => Promise<StoredAnswer | null>,
  ): Promise<{ part: string; hash: string; body(batch: boolean): CachedBody } | null> {
    const slot = await this.shelf.load(key, async () => {
      const answer = await compute();
      if (!answer) return null;
      const { part, dependency } = answer;
      const value: Answer = {
        part,
        viewCount: dependency.kind === 'question' ? viewCountPlace(part) : null,
        bodies: {},
        hash: hashOf(part),
      };
      return { value, dependency, bytes: part.length };
    });
    if (!slot) return null;
    return {
      part: slot.value.part,
      hash: slot.value.hash,
      body: (batch) => this.bodyOf(slot, batch),
    };
  }

  private bodyOf(slot: Slot<Answer>, batch: boolean): CachedBody {
    const answer = slot.value;
    const slotName = batch ? 'batch' : 'single';
    let body = answer.bodies[slotName];
    if (!body) {
      const text = batch ? `[${answer.part}]` : answer.part;
      const bodies = answer.bodies;
      body = answer.bodies[slotName] = new CachedBody(
        Buffer.from(text),
        `W/"${batch ? 'b' : 's'}${answer.hash}"`,
        // A compressed form made after a view replaced the bodies belongs to none the entry holds.
        (bytes) => answer.bodies === bodies && this.shelf.grow(slot, bytes),
      );
      this.shelf.grow(slot, body.body.length);
    }
    return body;
  }
}
