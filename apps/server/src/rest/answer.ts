import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { idOf, objectOf, restRoute, textOf } from './adapter';
import { wireAnswer } from './wire';

/** /answer: answering a question. */
export function answerRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  router.post(
    '/addAnswer',
    restRoute(createRequestContext, async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      const ans = objectOf(body.ans ?? {}, 'ans');
      await requireSelf(ans.ansBy);
      const { answer } = await caller.answer.create({
        qid: idOf(body.qid, 'question id'),
        text: textOf(ans.text),
      });
      return wireAnswer(answer);
    }),
  );
  return router;
}
