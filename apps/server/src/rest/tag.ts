import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { restRoute } from './adapter';
import { wireTagWithCount } from './wire';

/** /tag: every tag with its question count, one tag by name. */
export function tagRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  router.get(
    '/getTagsWithQuestionNumber',
    restRoute(createRequestContext, async (_req, _res, { caller }) =>
      (await caller.tag.list()).map(wireTagWithCount),
    ),
  );
  router.get(
    '/getTagByName/:name',
    restRoute(createRequestContext, async (req, _res, { caller }) => {
      const tag = await caller.tag.byName({ name: String(req.params.name) });
      return { name: tag.name, description: tag.description };
    }),
  );
  return router;
}
