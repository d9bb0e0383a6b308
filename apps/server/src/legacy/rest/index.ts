import { Router, type RequestHandler } from 'express';
import type { CreateRequestContext } from '../../http/context';
import { expressErrorAnswer, notFoundAnswer } from '../../http/express-answers';
import type { Logger } from '../../ops/log';
import type { RestDoor } from './adapter';
import { answerRoutes } from './answer';
import { chatRoutes } from './chat';
import { commentRoutes } from './comment';
import { gamesRoutes } from './games';
import { messagingRoutes } from './messaging';
import { problemRoutes } from './problem';
import { questionRoutes } from './question';
import { restGuard } from './security';
import { submissionRoutes } from './submission';
import { tagRoutes } from './tag';
import { testCodeRoutes } from './test-code';
import { userRoutes } from './user';

export interface RestOptions {
  createRequestContext: CreateRequestContext;
  /** Other sites' pages that use the REST API with the user's cookie (CLIENT_ORIGINS). */
  clientOrigins: readonly string[];
  /** Other sites' pages allowed to make changes (TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** Where failures are logged (the server's logger). */
  log: Logger;
}

/** A browser opening /user/{name} or /question/{id} wants the web app's page, not the API. */
const pagesPassThrough: RequestHandler = (req, _res, next) => {
  const accept = req.headers.accept ?? '';
  if (req.method === 'GET' && /^text\/html/i.test(accept)) return next('router');
  next();
};

/** A change to a path under a resource that names no call: 404 (a GET may be one of the app's pages). */
const unknownChange: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  notFoundAnswer(req, res, next);
};

/** The original client's REST paths (SPEC §7), as thin adapters over the tRPC procedures. */
export function restRouter(opts: RestOptions): Router {
  const router = Router();
  const resources: Record<string, (door: RestDoor) => Router> = {
    '/user': userRoutes,
    '/question': questionRoutes,
    '/tag': tagRoutes,
    '/answer': answerRoutes,
    '/comment': commentRoutes,
    '/messaging': messagingRoutes,
    '/chat': chatRoutes,
    '/games': gamesRoutes,
    '/problem': problemRoutes,
    '/submission': submissionRoutes,
    '/testCode': testCodeRoutes,
  };
  const door: RestDoor = { createRequestContext: opts.createRequestContext, log: opts.log };
  const guard = restGuard(opts.clientOrigins, opts.trustedOrigins);
  for (const [path, routes] of Object.entries(resources))
    router.use(path, pagesPassThrough, ...guard, routes(door), unknownChange);
  // An unreadable path (bad percent-encoding) under a resource: our sentence, not Express's page.
  router.use(expressErrorAnswer(opts.log));
  return router;
}
