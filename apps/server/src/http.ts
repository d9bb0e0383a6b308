import { appRouter } from '@app/api';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { MAX_BATCH_SIZE, MAX_BODY_BYTES } from '@app/validators';
import express from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateRequestContext } from './context';
import { requestGuard } from './request-guard';
import { restRouter } from './rest';

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
}

/** Express: tRPC at /trpc, a health route, the built web app with SPA fallback. */
export function createHttpApp(opts: HttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    // Text is rendered as text; the policy is the second line: no script but our own bundle runs.
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').send('ok');
  });

  app.use(
    '/trpc',
    requestGuard(opts.trustedOrigins),
    createExpressMiddleware({
      router: appRouter,
      maxBodySize: MAX_BODY_BYTES,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, res }) => opts.createRequestContext({ req, res, transport: 'http' }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          console.error(`tRPC ${path ?? '?'} failed:`, error.cause ?? error);
      },
    }),
  );

  // The original client's REST paths (SPEC §7), over the same procedures, before the web app's pages.
  app.use(
    restRouter({
      createRequestContext: opts.createRequestContext,
      clientOrigins: opts.clientOrigins,
      trustedOrigins: opts.trustedOrigins,
    }),
  );

  if (existsSync(join(opts.webDist, 'index.html'))) {
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
  return app;
}
