import { QUESTION_ORDERS, type QuestionOrder } from '@app/validators';
import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { idOf, objectOf, RestError, restRoute, textOf, type Caller } from './adapter';
import { wireQuestion } from './wire';

const PAGE = 100;

function orderOf(value: unknown): QuestionOrder {
  if (value === undefined || value === '') return 'newest';
  if (typeof value === 'string' && (QUESTION_ORDERS as readonly string[]).includes(value))
    return value as QuestionOrder;
  throw new RestError(400, `Unknown order: use one of ${QUESTION_ORDERS.join(', ')}.`);
}

/** Tags as the client sends them ({name, description} objects) or as plain names. */
function tagNamesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((tag) =>
    typeof tag === 'string' ? tag : textOf((tag as { name?: unknown } | null)?.name),
  );
}

/** The whole question as the client reads it: tags, votes, comments and answers with theirs. */
async function fullQuestion(caller: Caller, qid: number) {
  return wireQuestion(await caller.question.byId({ qid }));
}

/** /question: the list (whole, in the chosen order), one question, asking, voting. */
export function questionRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  const route = (handler: Parameters<typeof restRoute>[1]) =>
    restRoute(createRequestContext, handler);

  // The original client has no paging: every page of the same cached list query, each question
  // populated from the question page's query.
  router.get(
    '/getQuestion',
    route(async (req, _res, { caller }) => {
      const order = orderOf(req.query.order);
      const search = typeof req.query.search === 'string' ? req.query.search : undefined;
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await caller.question.list({ order, search, cursor, limit: PAGE });
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      const questions = [];
      for (const qid of ids) questions.push(await fullQuestion(caller, qid));
      return questions;
    }),
  );

  router.get(
    '/getQuestionById/:qid',
    route(async (req, _res, { caller, requireSelf }) => {
      const qid = idOf(req.params.qid, 'question id');
      // With a username (as the client sends it) the visit counts, for the signed-in user only.
      if (req.query.username !== undefined) {
        await requireSelf(req.query.username);
        await caller.question.view({ qid });
      }
      return fullQuestion(caller, qid);
    }),
  );

  router.post(
    '/addQuestion',
    route(async (req, _res, { caller, requireSelf }) => {
      const body = objectOf(req.body);
      await requireSelf(body.askedBy);
      const { question } = await caller.question.create({
        title: textOf(body.title),
        text: textOf(body.text),
        tags: tagNamesOf(body.tags),
      });
      return fullQuestion(caller, question.id);
    }),
  );

  for (const [path, vote] of [
    ['/upvoteQuestion', 'up'],
    ['/downvoteQuestion', 'down'],
  ] as const) {
    router.post(
      path,
      route(async (req, _res, { caller, requireSelf }) => {
        const body = objectOf(req.body);
        await requireSelf(body.username);
        const qid = idOf(body.qid, 'question id');
        const { myVote } = await caller.question.vote({ qid, vote });
        const { upVotes, downVotes } = await caller.question.byId({ qid });
        const msg =
          myVote === 0
            ? `${vote === 'up' ? 'Upvote' : 'Downvote'} cancelled successfully`
            : `Question ${vote === 'up' ? 'upvoted' : 'downvoted'} successfully`;
        return { msg, upVotes, downVotes };
      }),
    );
  }

  return router;
}
