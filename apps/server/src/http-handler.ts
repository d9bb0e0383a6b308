import type { ReadCache } from '@app/api';
import express from 'express';
import { compressedAssets } from './http/compression';
import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isHttps, type CreateRequestContext } from './http/context';
import { markDoor, requestIdOf, type RequestLog } from './http/request-log';
import type { ResponseCache } from './http/response-cache';
import { expressErrorAnswer, notFoundAnswer } from './http/express-answers';
import { restRouter } from './legacy/rest';
import { createDirectRestWrites } from './legacy/rest/direct-writes';
import { createCachedRestReads } from './legacy/rest/cached-reads';
import type { Logger } from './ops/log';
import type { RedisState } from './ops/redis';
import { createTrpcHttpHandler } from './trpc/trpc-http';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface HttpAppOptions {
  createRequestContext: CreateRequestContext;
  webDist: string;
  /** Other sites' pages allowed to make changes (TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** Other sites' pages using the REST API (CLIENT_ORIGINS). */
  clientOrigins: readonly string[];
  /** Public reads' answers, kept until the bus says they changed (one per process). */
  responseCache: ResponseCache;
  /** The process's read cache, whose kept bodies answer the original client's cached reads. */
  readCache: ReadCache;
  /** Where failures are logged (the server's logger). */
  log: Logger;
  /** One JSON line per request (http/request-log.ts); none when absent. */
  requestLog?: RequestLog;
  /** Whether the database answers (GET /healthz): a prepared `select 1`. */
  databaseAnswers?: () => boolean | Promise<boolean>;
  /** True once shutdown has begun: answers close their connection, /healthz answers 503. */
  draining?: () => boolean;
  /** This process's name among those sharing the database (GET /healthz in JSON). */
  processId?: string;
  /** Whether Redis answers (GET /healthz in JSON): 'off' without REDIS_URL. */
  redisState?: () => Promise<RedisState>;
}

/** No feature the app does not use: a page injected into ours could not ask for them either. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Browsers that once reached us over https keep to https for a year (sent over https only). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** On every answer, as name, value, name, value (the form node:http's writeHead takes). */
const SECURITY_HEADERS: readonly string[] = [
  'X-Content-Type-Options',
  'nosniff',
  'Referrer-Policy',
  'same-origin',
  // Text is rendered as text; the policy is the second line: no script but our own bundle runs.
  'Content-Security-Policy',
  CONTENT_SECURITY_POLICY,
  'X-Frame-Options',
  'DENY',
  'Permissions-Policy',
  PERMISSIONS_POLICY,
];

function setHeaders(res: ServerResponse, headers: readonly string[]): void {
  for (let i = 0; i < headers.length; i += 2)
    res.setHeader(headers[i] as string, headers[i + 1] as string);
}

const isTrpcPath = (url: string) =>
  url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');

/**
 * Every HTTP request of the server: /trpc straight to tRPC's node handler (trpc-http.ts), without
 * Express's middleware chain in front of the hottest reads; everything else to Express.
 */
export function createHttpHandler(opts: HttpAppOptions): RequestListener {
  const rest = restRouter({
    createRequestContext: opts.createRequestContext,
    clientOrigins: opts.clientOrigins,
    trustedOrigins: opts.trustedOrigins,
    log: opts.log,
  });
  const app = createHttpApp(opts, rest);
  const directRestWrites = createDirectRestWrites(rest, opts);
  /**
   * Every answer's own headers: the security headers, the request's id (http/request-log.ts), HSTS
   * over https, and Connection: close once shutdown has begun (each connection then ends with its
   * answer).
   */
  const answerHeaders = (req: IncomingMessage): string[] => {
    const headers = [...SECURITY_HEADERS];
    const id = requestIdOf(req);
    if (id) headers.push('X-Request-Id', id);
    if (isHttps(req)) headers.push('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (opts.draining?.()) headers.push('Connection', 'close');
    return headers;
  };
  const trpc = createTrpcHttpHandler({
    createRequestContext: opts.createRequestContext,
    trustedOrigins: opts.trustedOrigins,
    cache: opts.responseCache,
    answerHeaders,
    log: opts.log,
  });
  const cachedRestReads = createCachedRestReads({
    readCache: opts.readCache,
    clientOrigins: opts.clientOrigins,
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    opts.requestLog?.start(req, res);
    if (isTrpcPath(req.url ?? '')) {
      markDoor(req, 'trpc');
      // tRPC's door sets them itself: a cached answer's go out with the rest of its headers, in one
      // writeHead (a setHeader before it would send Node down its slower merging path).
      return trpc(req, res);
    }
    const headers = answerHeaders(req);
    // The original client's writes, before Express (direct-writes.ts), unless Express must read them.
    if (directRestWrites(req, res, headers)) return;
    const toExpress = () => {
      setHeaders(res, headers);
      app(req, res);
    };
    // The original client's reads the read cache holds a body for, before Express (cached-reads.ts).
    if (req.method === 'GET' && (req.url?.startsWith('/tag/') || req.url?.startsWith('/question/')))
      return void cachedRestReads(req, res, headers).then(
        (answered) => answered || toExpress(),
        toExpress,
      );
    toExpress();
  };
}

/** Express: a health route, the REST adapters, the built web app with SPA fallback. */
function createHttpApp(opts: HttpAppOptions, rest: express.Router): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers (REST, /healthz, refusals) are personal or change at any moment: kept nowhere. The
  // web app's files set their own (below), so the web app's part starts without it.
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // For load balancers and supervisors: 200 while the database answers and we are not stopping.
  // Asked for JSON, it also says which process answered and whether Redis answers (a Redis that is
  // away is no reason to take this process out of a balancer: it serves through the database).
  app.get('/healthz', async (req, res) => {
    markDoor(req, 'health');
    let answers = false;
    try {
      answers = (await opts.databaseAnswers?.()) ?? true;
    } catch {
      answers = false;
    }
    const json = req.accepts(['text/plain', 'application/json']) === 'application/json';
    const about = json
      ? {
          pid: process.pid,
          process: opts.processId ?? null,
          redis: (await opts.redisState?.()) ?? 'off',
        }
      : {};
    if (opts.draining?.())
      res
        .status(503)
        .json({ status: 'unavailable', reason: 'The server is shutting down.', ...about });
    else if (!answers)
      res
        .status(503)
        .json({ status: 'unavailable', reason: 'The database is not answering.', ...about });
    else if (json) res.json({ status: 'ok', ...about });
    else res.type('text/plain').send('ok');
  });

  // The original client's REST paths (SPEC §7), over the same procedures, before the web app's pages.
  app.use(rest);
  // What the REST paths did not answer is the web app's (its files, its pages, or a 404).
  app.use((req, res, next) => {
    markDoor(req, 'static');
    res.removeHeader('Cache-Control');
    next();
  });

  if (existsSync(join(opts.webDist, 'index.html'))) {
    // Vite names every built asset by its content's hash: a name never changes meaning, so browsers
    // keep them for a year without asking; an unknown name is a 404, never the app shell.
    const assets = join(opts.webDist, 'assets');
    app.use(
      '/assets',
      compressedAssets(assets),
      express.static(assets, {
        index: false,
        immutable: true,
        maxAge: '365d',
        fallthrough: false,
      }),
    );
    app.use(express.static(opts.webDist, { index: false, maxAge: '1h' }));
    // Every other GET is a client-side route: hand back the app shell.
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(opts.webDist, 'index.html'));
    });
  } else {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send('The web app is not built yet: run `npm start` (or `pnpm build`).');
    });
  }
  // Anything else, and anything Express itself refuses: our sentences, never its HTML pages.
  app.use(notFoundAnswer);
  app.use(expressErrorAnswer(opts.log));
  return app;
}
