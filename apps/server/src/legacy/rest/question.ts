import {
  QUESTION_ORDERS,
  QuestionPayload,
  questionMessages,
  restPayloadMessages,
  type QuestionOrder,
} from '@app/validators';
import { Router } from 'express';
import { appRouter } from '@app/api';
import { legacyQuestionBody, legacyQuestionListBody } from './question-list-body';
import { sendCachedBody } from '../../http/response-cache';
import { idOf, RestError, routesWith, sendError, type RestDoor } from './adapter';
import { addVoteRoutes } from './vote';
import { wireQuestion } from '../wire';

function orderOf(value: unknown): QuestionOrder {
  if (value === undefined || value === '') return 'newest';
  if (typeof value === 'string' && (QUESTION_ORDERS as readonly string[]).includes(value))
    return value as QuestionOrder;
  throw new RestError(400, restPayloadMessages.unknownOrder);
}

/** /question: the list (whole, in the chosen order), one question, asking, voting. */
export function questionRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  // The original client has no paging: the whole list, kept as a JSON body per order and search and
  // rebuilt after a question event from the questions' own cached JSON, both in the read cache.
  router.get('/getQuestion', async (req, res) => {
    try {
      const order = orderOf(req.query.order);
      const search = typeof req.query.search === 'string' ? req.query.search : undefined;
      const ctx = await door.createRequestContext({ req, res, transport: 'http' });
      const caller = appRouter.createCaller(ctx);
      const body = await legacyQuestionListBody(ctx.deps.readCache, caller, { order, search });
      await sendCachedBody(req, res, body, { contentType: 'application/json; charset=utf-8' });
    } catch (error) {
      if (!res.headersSent) sendError(res, error, door.log);
    }
  });

  router.get(
    '/getQuestionById/:qid',
    route(async (req, res, { caller, requireSelf, readCache }) => {
      const qid = idOf(req.params.qid, 'question id');
      // With a username (as the client sends it) the visit counts, for the signed-in user only.
      if (req.query.username !== undefined) {
        await requireSelf(req.query.username);
        await caller.question.view({ qid });
      }
      const body = await legacyQuestionBody(readCache, caller, qid);
      if (!body) throw new RestError(404, questionMessages.questionNotFound);
      await sendCachedBody(req, res, body, { contentType: 'application/json; charset=utf-8' });
    }),
  );

  router.post(
    '/addQuestion',
    route(QuestionPayload, async (_req, _res, { caller, requireSelf, body }) => {
      await requireSelf(body.askedBy);
      const { question } = await caller.question.create({
        title: body.title,
        text: body.text,
        tags: body.tags,
      });
      // Nothing has happened to it yet: the question as the write left it, not read back (its text
      // was parsed by the same schema question.create parses it with, so it is the stored text).
      return wireQuestion({
        ...question,
        text: body.text,
        answers: [],
        upVotes: [],
        downVotes: [],
        comments: [],
      });
    }),
  );

  addVoteRoutes(router, door, {
    noun: 'Question',
    paths: { up: '/upvoteQuestion', down: '/downvoteQuestion' },
    idField: 'qid',
    idLabel: 'question id',
    vote: async (caller, qid, vote) => {
      // The vote's own event holds the lists as the vote left them: no second read of the question.
      const { myVote, event } = await caller.question.vote({ qid, vote });
      if (event.payload.type !== 'voted') throw new Error('a vote published another event');
      const { upVotes, downVotes } = event.payload;
      return { myVote, upVotes, downVotes };
    },
  });

  return router;
}
