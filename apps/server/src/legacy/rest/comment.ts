import { CommentPayload } from '@app/validators';
import { Router } from 'express';
import { idOf, restRoute, type RestDoor } from './adapter';
import { wireComment } from '../wire';

/** /comment: commenting on a question or an answer. */
export function commentRoutes(door: RestDoor): Router {
  const router = Router();
  router.post(
    '/addComment',
    restRoute(door, CommentPayload, async (_req, _res, { caller, requireSelf, body }) => {
      // The id's sentence names the post's type, read first.
      const id = idOf(body.id, `${body.type} id`);
      await requireSelf(body.comment.commentBy);
      const { comment: created } = await caller.comment.create({
        id,
        type: body.type,
        text: body.comment.text,
      });
      return wireComment(created);
    }),
  );
  return router;
}
