import { AnswerPayload } from '@app/validators';
import { Router } from 'express';
import { restRoute, type RestDoor } from './adapter';
import { wireAnswer } from '../wire';

/** /answer: answering a question. */
export function answerRoutes(door: RestDoor): Router {
  const router = Router();
  router.post(
    '/addAnswer',
    restRoute(door, AnswerPayload, async (_req, _res, { caller, requireSelf, body }) => {
      await requireSelf(body.ans.ansBy);
      const { answer } = await caller.answer.create({ qid: body.qid, text: body.ans.text });
      return wireAnswer(answer);
    }),
  );
  return router;
}
