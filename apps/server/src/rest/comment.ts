import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { idOf, objectOf, RestError, restRoute, textOf } from './adapter';
import { wireComment } from './wire';

/** /comment: commenting on a question or an answer. */
export function commentRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  router.post(
    '/addComment',
    restRoute(createRequestContext, async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      const comment = objectOf(body.comment ?? {}, 'comment');
      await requireSelf(comment.commentBy);
      if (body.type !== 'question' && body.type !== 'answer')
        throw new RestError(400, "type must be 'question' or 'answer'.");
      const { comment: created } = await caller.comment.create({
        id: idOf(body.id, `${body.type} id`),
        type: body.type,
        text: textOf(comment.text),
      });
      return wireComment(created);
    }),
  );
  return router;
}
