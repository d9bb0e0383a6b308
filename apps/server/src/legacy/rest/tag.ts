import type { ReadCache, ShelfSpec } from '@app/api';
import { Router } from 'express';
import { CachedBody, sendCachedBody } from '../../http/response-cache';
import { restRoute, type RestDoor } from './adapter';
import { wireTagWithCount } from '../wire';

/** The whole tag list's body, kept in the read cache and dropped by any change to the tags. */
const TAG_LIST: ShelfSpec<CachedBody> = { name: 'original client tag list', entries: 1 };

/** The tag list's kept body if the read cache holds it now (after its look at the outbox), else null. */
export async function keptTagList(cache: ReadCache): Promise<CachedBody | null> {
  return (await cache.shelf(TAG_LIST).load('all', () => Promise.resolve(null)))?.value ?? null;
}

/** /tag: every tag with its question count, one tag by name. */
export function tagRoutes(door: RestDoor): Router {
  const router = Router();
  router.get(
    '/getTagsWithQuestionNumber',
    restRoute(door, async (req, res, { caller, readCache }) => {
      const slot = await readCache.shelf(TAG_LIST).load('all', async () => {
        const body = new CachedBody(
          Buffer.from(JSON.stringify((await caller.tag.list()).map(wireTagWithCount))),
        );
        return { value: body, dependency: { kind: 'tags' }, bytes: body.body.length };
      });
      await sendCachedBody(req, res, slot.value, {
        contentType: 'application/json; charset=utf-8',
      });
    }),
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
