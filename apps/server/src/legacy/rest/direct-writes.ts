import { MAX_BODY_BYTES, transportMessages } from '@app/validators';
import type { Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyText } from '../../http/body-text';
import { isAllowedOrigin } from '../../http/origin';
import { markDoor } from '../../http/request-log';
import { DIRECT, sendText } from './adapter';
import { changeOriginsOf, corsAnswerHeaders, giveXsrfCookie, xsrfHeld } from './security';

/** The parts of Express's route table read here (the same its own tests read: router.stack). */
interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: Layer[] };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface DirectWrite {
  /** The path's segments; a `:name` segment takes any one segment as params[name]. */
  segments: string[];
  handler: Handler;
}

/** The JSON bodies express.json reads (and only those): application/json, in UTF-8 if it says. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/**
 * The original client's writes (POST, with a JSON body) answered before Express, as its cached
 * reads are (cached-reads.ts): Express's middleware chain, body parser and response methods cost a
 * REST write about a fifth more server time than the same write through /trpc. Each route is the
 * one restRoute built for Express, found in Express's own route table, and called with what the
 * guard in front of it gives it (security.ts, in its order): CORS for CLIENT_ORIGINS, changes only
 * from the allowed origins, the XSRF double submit and its cookie, `Cache-Control: no-store`, and
 * the body read as JSON. Whatever this door does not read the way Express would (another method,
 * a query string, an escaped or differently written path, another body type or encoding, no
 * Content-Length or one past the limit) answers false before touching the request, for Express.
 */
export function createDirectRestWrites(
  restRouter: Router,
  opts: { clientOrigins: readonly string[]; trustedOrigins: readonly string[] },
): (req: IncomingMessage, res: ServerResponse, headers: readonly string[]) => boolean {
  const writes = directWritesOf(restRouter);
  const changeOrigins = changeOriginsOf(opts.clientOrigins, opts.trustedOrigins);
  return (req, res, headers) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    if (url.includes('?') || url.includes('%')) return false;
    const found = match(writes, url);
    if (!found) return false;
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) return false;
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
    const declared = req.headers['content-length'];
    if (!declared || !/^\d{1,9}$/.test(declared) || Number(declared) > MAX_BODY_BYTES) return false;

    markDoor(req, 'rest');
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    res.setHeader('Cache-Control', 'no-store');
    const cors = corsAnswerHeaders(req, opts.clientOrigins);
    for (let i = 0; i < cors.length; i += 2) res.appendHeader(cors[i]!, cors[i + 1]!);
    if (!isAllowedOrigin(req, changeOrigins)) {
      sendText(res, 403, transportMessages.crossSite);
      return true;
    }
    if (!xsrfHeld(req)) {
      sendText(res, 403, transportMessages.unverified);
      return true;
    }
    giveXsrfCookie(req, res);
    void readJson(req).then(
      (body) => {
        if (body === NOT_JSON) return sendText(res, 400, transportMessages.malformed);
        Object.assign(req, { body, params: found.params });
        return found.handler(req, res);
      },
      () => req.destroy(),
    );
    return true;
  };
}

/** Every POST route restRoute built, from Express's table: mount path and route path joined. */
function directWritesOf(restRouter: Router): DirectWrite[] {
  const writes: DirectWrite[] = [];
  for (const resource of (restRouter as unknown as { stack: Layer[] }).stack) {
    for (const layer of resource.handle.stack ?? []) {
      const route = layer.route;
      const handle = route?.stack.length === 1 ? route.stack[0]!.handle : null;
      if (!route?.methods.post || typeof handle !== 'function' || !(DIRECT in handle)) continue;
      const path = `${resource.rawPath ?? ''}${route.path}`;
      writes.push({ segments: path.split('/').slice(1), handler: handle as unknown as Handler });
    }
  }
  return writes;
}

function match(
  writes: readonly DirectWrite[],
  path: string,
): { handler: Handler; params: Record<string, string> } | null {
  const parts = path.split('/').slice(1);
  for (const { segments, handler } of writes) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = segments.every((segment, i) => {
      const part = parts[i]!;
      if (segment.startsWith(':')) return part !== '' && ((params[segment.slice(1)] = part), true);
      return segment === part;
    });
    if (fits) return { handler, params };
  }
  return null;
}

const NOT_JSON = Symbol('not JSON');

/**
 * The body as express.json reads it: its bytes (Node's parser holds them to Content-Length), as
 * UTF-8, strictly an object or an array at the top, nothing as an empty object.
 */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await bodyText(req);
  // An empty body reads as an empty object, as express.json has it.
  if (text.length === 0) return {};
  // JSON's own whitespace (space, tab, line feed, carriage return) before the first character.
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
