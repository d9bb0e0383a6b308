import { Router } from 'express';
import { restRoute, type RestDoor } from './adapter';
import { wireTagWithCount } from '../wire';

/** /tag: every tag with its question count, one tag by name. */
export function tagRoutes(door: RestDoor): Router {
  const router = Router();
  router.get(
    '/getTagsWithQuestionNumber',
    restRoute(door, async (_req, _res, { caller }) =>
      (await caller.tag.list()).map(wireTagWithCount),
    ),
  );
  router.get(
    '/getTagByName/:name',
    restRoute(door, async (req, _res, { caller }) => {
      const tag = await caller.tag.byName({ name: String(req.params.name) });
      return { name: tag.name, description: tag.description };
    }),
  );
  return router;
}
