import type { RequestHandler } from 'express';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with, from Accept-Encoding: brotli when the client takes it, else gzip,
 * else none. A q=0 entry refuses that encoding; `*` stands for both.
 */
export function chooseEncoding(req: IncomingMessage): Encoding | null {
  const header = req.headers['accept-encoding'];
  if (!header) return null;
  // Browsers send one of a handful of headers, again and again.
  const known = chosen.get(header);
  if (known !== undefined) return known;
  const encoding = encodingFor(header);
  if (chosen.size >= 200) chosen.clear();
  chosen.set(header, encoding);
  return encoding;
}

const chosen = new Map<string, Encoding | null>();

function encodingFor(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compresses off the main thread (zlib's thread pool). Brotli at a middle quality: close to its best
 * ratio for JSON at a small fraction of quality 11's time, and a cached body is compressed only once.
 */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: body.length > 4 * 1024 * 1024 ? 4 : 6,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Adds a token to a Vary header without repeating it. */
export function addVary(current: string | number | string[] | undefined, token: string): string {
  const list = String(current ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!list.some((part) => part.toLowerCase() === token.toLowerCase())) list.push(token);
  return list.join(', ');
}

type Chunk = string | Buffer | Uint8Array;
const bufferOf = (chunk: Chunk) =>
  typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);

/**
 * Compresses a response that some other code writes (tRPC's handler): its body is held until it
 * ends, then sent compressed when it is over 1 KB, JSON, and not already encoded. For whole answers
 * only, never for streams (event streams and streamed batches are left alone by the caller).
 */
export function compressWhenDone(res: ServerResponse, encoding: Encoding): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (chunk: Chunk) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk) => ServerResponse;
  const passThrough = () =>
    !/^application\/json/i.test(String(res.getHeader('Content-Type') ?? '')) ||
    res.hasHeader('Content-Encoding');
  let streaming = false;
  const patched = res as unknown as {
    write: (chunk: Chunk, ...rest: unknown[]) => boolean;
    end: (chunk?: Chunk | (() => void), ...rest: unknown[]) => ServerResponse;
  };
  patched.write = (chunk) => {
    if (streaming || (chunks.length === 0 && passThrough())) {
      streaming = true;
      return write(chunk);
    }
    chunks.push(bufferOf(chunk));
    return true;
  };
  patched.end = (chunk) => {
    if (chunk !== undefined && typeof chunk !== 'function') {
      if (streaming) return end(chunk);
      chunks.push(bufferOf(chunk));
    }
    if (streaming) return end();
    const body = Buffer.concat(chunks);
    if (body.length === 0) return end();
    if (body.length < COMPRESS_MIN_BYTES || passThrough()) {
      if (!res.headersSent) res.setHeader('Content-Length', body.length);
      return end(body);
    }
    compress(body, encoding).then(
      (compressed) => {
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Vary', addVary(res.getHeader('Vary'), 'Accept-Encoding'));
        res.setHeader('Content-Length', compressed.length);
        end(compressed);
      },
      () => end(body),
    );
    return res;
  };
}

const ASSET_NAME = /^\/[\w-]+(\.[\w-]+)+$/;

/**
 * The web build's hashed assets, compressed once each (they never change under their name) for
 * clients that take it; anything else falls through to the static files.
 */
export function compressedAssets(dir: string): RequestHandler {
  const compressed = new Map<string, Promise<Buffer | null>>();
  return (req, res, next) => {
    const encoding = chooseEncoding(req);
    // Vite's assets folder is flat: one plain name, never a path out of it.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !encoding || !ASSET_NAME.test(req.path))
      return next();
    const key = `${encoding}${req.path}`;
    let pending = compressed.get(key);
    if (!pending) {
      const made = readFile(join(dir, req.path)).then((file) =>
        file.length < COMPRESS_MIN_BYTES ? null : compress(file, encoding),
      );
      // Only files that exist are remembered.
      made.catch(() => compressed.delete(key));
      compressed.set(key, (pending = made));
    }
    pending.then(
      (body) => {
        if (!body) return next();
        res.type(extname(req.path));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Vary', addVary(res.getHeader('Vary'), 'Accept-Encoding'));
        res.setHeader('Content-Length', body.length);
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => next(),
    );
  };
}
