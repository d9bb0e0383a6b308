import express from 'express';
import { compressedAssets } from './compression';
import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { CreateRequestContext } from './context';
import type { ResponseCache } from './response-cache';
import { restRouter } from './rest';
import { expressErrorAnswer, notFoundAnswer } from './rest/adapter';
import { createTrpcHttpHandler } from './trpc-http';

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
}

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
];

function setSecurityHeaders(res: ServerResponse): void {
  for (let i = 0; i < SECURITY_HEADERS.length; i += 2)
    res.setHeader(SECURITY_HEADERS[i] as string, SECURITY_HEADERS[i + 1] as string);
}

const isTrpcPath = (url: string) =>
  url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');

/**
 * Every HTTP request of the server: /trpc straight to tRPC's node handler (trpc-http.ts), without
 * Express's middleware chain in front of the hottest reads; everything else to Express.
 */
export function createHttpHandler(opts: HttpAppOptions): RequestListener {
  const app = createHttpApp(opts);
  const trpc = createTrpcHttpHandler({
    createRequestContext: opts.createRequestContext,
    trustedOrigins: opts.trustedOrigins,
    cache: opts.responseCache,
    securityHeaders: SECURITY_HEADERS,
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    // tRPC's door sets them itself: with the rest of a cached answer's headers, in one go.
    if (isTrpcPath(req.url ?? '')) return trpc(req, res);
    setSecurityHeaders(res);
    app(req, res);
  };
}

/** Express: a health route, the REST adapters, the built web app with SPA fallback. */
function createHttpApp(opts: HttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });

  // The original client's REST paths (SPEC §7), over the same procedures, before the web app's pages.
  app.use(
    restRouter({
      createRequestContext: opts.createRequestContext,
      clientOrigins: opts.clientOrigins,
      trustedOrigins: opts.trustedOrigins,
    }),
  );

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
  app.use(expressErrorAnswer);
  return app;
}
