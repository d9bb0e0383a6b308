import { AnswerPayload } from '@app/validators';
import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { restRoute } from './adapter';
import { wireAnswer } from './wire';

/** /answer: answering a question. */
export function answerRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  router.post(
    '/addAnswer',
    restRoute(
      createRequestContext,
      AnswerPayload,
      async (_req, _res, { caller, requireSelf, body }) => {
        await requireSelf(body.ans.ansBy);
        const { answer } = await caller.answer.create({ qid: body.qid, text: body.ans.text });
        return wireAnswer(answer);
      },
    ),
  );
  return router;
}
