import { appRouter, findSessionUser, type ReadDependency, type RouterInputs } from '@app/api';
import { MAX_BATCH_SIZE, MAX_BODY_BYTES } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyText } from '../http/body-text';
import { chooseEncoding, compressWhenDone } from '../http/compression';
import type { CreateRequestContext } from '../http/context';
import { requestIdOf } from '../http/request-log';
import type { Logger } from '../ops/log';
import { guardRefusal } from './request-guard';
import {
  getTRPCErrorFromUnknown,
  mutationCalls,
  serveTrpcRequest,
  transformerOf,
  trpcCallAnswer,
  type ProcedureCall,
} from './trpc-internals';
import { SESSION_COOKIE } from '../http/session';
import { CachedBody, sendCachedBody, type ResponseCache } from '../http/response-cache';

type Caller = ReturnType<typeof appRouter.createCaller>;
const transformer = transformerOf(appRouter);

/** A query whose answer the response cache may keep, and what that answer depends on. */
interface CachedProcedure {
  /** The answer holds the viewer's own state (their votes): kept per viewer, never shared. */
  personal: boolean;
  read(caller: Caller, input: unknown): Promise<{ data: unknown; dependency: ReadDependency }>;
}

const orderOf = (input: unknown) => {
  const order = (input as { order?: unknown } | null | undefined)?.order;
  return typeof order === 'string' ? order : 'newest';
};

/**
 * The public reads most visits make. Everything else goes to tRPC as it comes. A procedure added
 * here must answer the same to everyone (personal: false) or be kept per viewer (personal: true).
 */
const CACHED_PROCEDURES: Record<string, CachedProcedure> = {
  'question.list': {
    personal: false,
    async read(caller, input) {
      const data = await caller.question.list(input as RouterInputs['question']['list']);
      const qids = new Set(data.items.map((item) => item.id));
      return { data, dependency: { kind: 'list', order: orderOf(input), qids } };
    },
  },
  // The viewer's own votes on the question and on its answers are part of the page.
  'question.byId': {
    personal: true,
    async read(caller, input) {
      const data = await caller.question.byId(input as RouterInputs['question']['byId']);
      return { data, dependency: { kind: 'question', qid: data.id } };
    },
  },
  'tag.list': {
    personal: false,
    async read(caller) {
      return { data: await caller.tag.list(), dependency: { kind: 'tags' } };
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Streaming batches (httpBatchStreamLink) answer in another format, piece by piece: tRPC's own. */
const isStreamed = (req: IncomingMessage) =>
  Boolean(req.headers['trpc-accept'] || req.headers.accept?.includes('application/jsonl'));

interface CachedCall {
  path: string;
  procedure: CachedProcedure;
  /** The call's input as JSON (what the client sent), undefined without one: parsed anew per read. */
  input: string | undefined;
  /** The cache key, without the viewer. */
  key: string;
}

/** The calls of a cached-procedures-only URL, or null. Pure: the same URL reads the same. */
function parseCachedUrl(url: string): { batch: boolean; calls: CachedCall[] } | null {
  const query = url.indexOf('?');
  const params = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
  const batch = params.get('batch') === '1';
  let paths: string[];
  let raw: unknown;
  try {
    paths = decodeURIComponent(url.slice('/trpc/'.length, query < 0 ? undefined : query)).split(
      ',',
    );
    const input = params.get('input');
    raw = input === null ? undefined : JSON.parse(input);
  } catch {
    return null;
  }
  if ((!batch && paths.length !== 1) || paths.length > MAX_BATCH_SIZE) return null;
  if (batch && raw !== undefined && !isRecord(raw)) return null;
  const calls: CachedCall[] = [];
  for (const [index, path] of paths.entries()) {
    const procedure = Object.hasOwn(CACHED_PROCEDURES, path) ? CACHED_PROCEDURES[path] : undefined;
    if (!procedure) return null;
    const value = batch ? (raw as Record<string, unknown> | undefined)?.[index] : raw;
    const input = value === undefined ? undefined : JSON.stringify(value);
    calls.push({ path, procedure, input, key: `${path}\u0000${input ?? ''}` });
  }
  return { batch, calls };
}

// The same few URLs are read again and again (each list's first page, popular questions).
const parsedUrls = new Map<string, ReturnType<typeof parseCachedUrl>>();
const PARSED_URLS = 5000;

/** A GET of cached procedures only, read from its URL; null for anything the cache does not serve. */
function cachedCalls(req: IncomingMessage) {
  if (req.method !== 'GET' || isStreamed(req)) return null;
  const url = req.url ?? '';
  let parsed = parsedUrls.get(url);
  if (parsed === undefined) {
    parsed = parseCachedUrl(url);
    if (parsedUrls.size >= PARSED_URLS) parsedUrls.clear();
    parsedUrls.set(url, parsed);
  }
  return parsed;
}

const mutations = mutationCalls(appRouter);

interface DirectMutation {
  path: string;
  call: ProcedureCall;
  /** Sent as a batch of one (`?batch=1`, the web client's way): input and answer are lists of one. */
  batch: boolean;
}

/**
 * One mutation POSTed as our clients send it (JSON with its length, alone or as a batch of one, not
 * streamed): its path and procedure, or null for anything else, which tRPC's own handler answers.
 * Such a call is answered here without tRPC's conversion to a Fetch Request and Response and back,
 * which cost a write more than its procedure's own checks; tRPC's procedure, context, error shape and
 * transformer do the rest, as they would there.
 */
function directMutation(req: IncomingMessage): DirectMutation | null {
  if (req.method !== 'POST' || isStreamed(req)) return null;
  if (!req.headers['content-type']?.startsWith('application/json')) return null;
  const length = Number(req.headers['content-length']);
  if (!(length >= 0 && length <= MAX_BODY_BYTES) || req.headers['transfer-encoding']) return null;
  const url = req.url ?? '';
  if (!url.startsWith('/trpc/')) return null;
  const query = url.indexOf('?');
  const batch = query >= 0 && url.slice(query) === '?batch=1';
  if (query >= 0 && !batch) return null;
  const path = url.slice('/trpc/'.length, query >= 0 ? query : undefined);
  const call = mutations.get(path);
  return call ? { path, call, batch } : null;
}

/** The call's input from the body's text, as tRPC reads it (a batch's is its entry "0"). */
function inputOf(text: string, batch: boolean): unknown {
  // A body's byte order mark is not JSON: the Fetch body reader tRPC uses drops it too.
  const json: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!batch) return transformer.input.deserialize(json);
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: '"input" needs to be an object when doing a batch call',
    });
  const raw = (json as Record<string, unknown>)[0];
  return raw === undefined ? undefined : transformer.input.deserialize(raw);
}

export interface TrpcHttpOptions {
  /**
   * Headers every answer carries (http-handler.ts: the security headers, the request id, HSTS over https),
   * as name, value, …
   */
  answerHeaders(req: IncomingMessage): readonly string[];
  createRequestContext: CreateRequestContext;
  trustedOrigins: readonly string[];
  cache: ResponseCache;
  /** Where failed procedures are logged (the server's logger). */
  log: Logger;
}

/**
 * /trpc over HTTP on the node:http server itself, without Express's middleware chain: the same checks
 * as before (guardRefusal: origin and JSON for changes), the same context factory, tRPC's own node
 * handler. Public reads (CACHED_PROCEDURES) are answered from the response cache when it holds them,
 * with an ETag (304 on If-None-Match) and compressed for clients that take it.
 */
export function createTrpcHttpHandler(opts: TrpcHttpOptions) {
  const { cache, createRequestContext, log } = opts;

  /** Every answer tRPC writes itself is personal or not cacheable (public reads come from the cache). */
  const setSecurityHeaders = (req: IncomingMessage, res: ServerResponse) => {
    const headers = opts.answerHeaders(req);
    for (let i = 0; i < headers.length; i += 2)
      res.setHeader(headers[i] as string, headers[i + 1] as string);
    res.setHeader('Cache-Control', 'no-store');
  };

  function viaTrpc(req: IncomingMessage, res: ServerResponse): void {
    setSecurityHeaders(req, res);
    const pathname = (req.url ?? '').split('?', 1)[0] ?? '';
    const path = pathname.slice(pathname.lastIndexOf('/') + 1);
    const handlerOptions = {
      router: appRouter,
      maxBodySize: MAX_BODY_BYTES,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, res }: { req: IncomingMessage; res: ServerResponse }) =>
        createRequestContext({ req, res, transport: 'http' }),
      onError: ({
        error,
        path,
        req,
      }: {
        error: { code: string; cause?: unknown };
        path?: string;
        req: IncomingMessage;
      }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error(
            { reqId: requestIdOf(req), procedure: path, err: error.cause ?? error },
            'tRPC procedure failed',
          );
      },
    };
    const encoding = isStreamed(req) ? null : chooseEncoding(req);
    if (encoding) compressWhenDone(res, encoding);
    void serveTrpcRequest({ ...handlerOptions, req, res, path });
  }

  /** One mutation, called as tRPC's handler calls it, answered as it answers (see directMutation). */
  async function viaMutation(
    req: IncomingMessage,
    res: ServerResponse,
    { path, call, batch }: DirectMutation,
  ): Promise<void> {
    setSecurityHeaders(req, res);
    const encoding = chooseEncoding(req);
    if (encoding) compressWhenDone(res, encoding);
    // A client that goes away aborts the call (a code run stops), as with tRPC's own handler.
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    let ctx: unknown;
    let input: unknown;
    let reading: Promise<unknown> | undefined;
    let answer: { status: number; body: string };
    try {
      const text = await bodyText(req);
      ctx = await createRequestContext({ req, res, transport: 'http' });
      const data = await call({
        path,
        // Read once, when the procedure first asks, as tRPC does: what cannot be read is a
        // BAD_REQUEST whose cause tells the error formatter so.
        getRawInput: () =>
          (reading ??= (async () => {
            try {
              return (input = inputOf(text, batch));
            } catch (cause) {
              if (cause instanceof TRPCError) throw cause;
              throw new TRPCError({
                code: 'BAD_REQUEST',
                message: cause instanceof Error ? cause.message : 'Invalid input',
                cause,
              });
            }
          })()),
        ctx,
        type: 'mutation',
        signal: abort.signal,
        batchIndex: 0,
      });
      answer = trpcCallAnswer(appRouter, batch, { data });
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      if (error.code === 'INTERNAL_SERVER_ERROR')
        log.error(
          { reqId: requestIdOf(req), procedure: path, err: error.cause ?? error },
          'tRPC procedure failed',
        );
      answer = trpcCallAnswer(appRouter, batch, { error, path, type: 'mutation', input, ctx });
    }
    if (res.destroyed) return;
    res.statusCode = answer.status;
    res.setHeader('Vary', 'trpc-accept, accept');
    res.setHeader('Content-Type', 'application/json');
    res.end(answer.body);
  }

  /** Answers from the cache (reading what it lacks once), or false to let tRPC answer. */
  async function fromCache(
    req: IncomingMessage,
    res: ServerResponse,
    request: NonNullable<ReturnType<typeof cachedCalls>>,
  ): Promise<boolean> {
    const personal = request.calls.some((call) => call.procedure.personal);
    let context: ReturnType<CreateRequestContext> | undefined;
    const contextOf = () => (context ??= createRequestContext({ req, res, transport: 'http' }));
    // Whose answer: checked on every request (one prepared look-up), only where it matters.
    let viewerKey = '';
    if (personal && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) {
      viewerKey = '\u0000-';
    } else if (personal) {
      const { session, deps } = await contextOf();
      const viewer = session.sessionId ? await findSessionUser(deps.db, session.sessionId) : null;
      viewerKey = viewer ? `\u0000${viewer.id}` : '\u0000-';
    }
    let caller: Promise<Caller> | undefined;
    const callerOf = () => (caller ??= contextOf().then((ctx) => appRouter.createCaller(ctx)));
    const entries = await Promise.all(
      request.calls.map(({ procedure, input, key }) => {
        return cache.entry(procedure.personal ? key + viewerKey : key, async () => {
          // Parsed for this read alone: the transformer may rewrite what it reads.
          const value =
            input === undefined ? undefined : transformer.input.deserialize(JSON.parse(input));
          const { data, dependency } = await procedure.read(await callerOf(), value);
          const part = JSON.stringify({ result: { data: transformer.output.serialize(data) } });
          return { part, dependency };
        });
      }),
    );
    const [only] = entries;
    let body: CachedBody;
    if (entries.length === 1 && only) {
      body = only.body(request.batch);
    } else {
      const parts = entries.map((entry) => entry?.part ?? 'null');
      const hash = createHash('sha1')
        .update(entries.map((entry) => entry?.hash).join(','))
        .digest('base64url');
      body = new CachedBody(Buffer.from(`[${parts.join(',')}]`), `W/"m${hash}"`);
    }
    await sendCachedBody(req, res, body, {
      contentType: 'application/json',
      personal,
      headers: opts.answerHeaders(req),
      // tRPC's own Vary: its answers differ by these.
      vary: 'trpc-accept, accept',
    });
    return true;
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    const refusal = guardRefusal(req, opts.trustedOrigins);
    if (refusal) {
      setSecurityHeaders(req, res);
      res.statusCode = refusal.status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(refusal.body));
      return;
    }
    const mutation = directMutation(req);
    if (mutation) return void viaMutation(req, res, mutation);
    const request = cachedCalls(req);
    if (!request) return viaTrpc(req, res);
    // A read that fails (an unknown id, a bad input) is answered by tRPC, in its words.
    fromCache(req, res, request).then(
      (answered) => answered || viaTrpc(req, res),
      () => {
        if (!res.headersSent) viaTrpc(req, res);
      },
    );
  };
}
