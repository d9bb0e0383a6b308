import {
  CreateQuestionInput,
  ListQuestionsInput,
  QuestionEventsInput,
  QuestionIdInput,
  QuestionUpdatesInput,
  VoteInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../events/live-stream';
import { createQuestion } from '../services/questions/create-question';
import { listQuestions } from '../services/questions/question-list';
import { getQuestion } from '../services/questions/question-page';
import { voteOnQuestion } from '../services/questions/question-votes';
import { recordView } from '../services/questions/record-view';
import { protectedProcedure, publicProcedure } from '../trpc';

// Reading is public (questions are the site's public content); every write, and every live stream
// (which can replay a day of events), needs a signed-in viewer, who is the author, voter or viewer:
// never a name from the request. Writes answer with the event they published.
export const questionRouter = {
  list: publicProcedure
    .input(ListQuestionsInput.default({ order: 'newest', limit: 20 }))
    .query(({ ctx, input }) => listQuestions(ctx.deps, input)),

  byId: publicProcedure
    .input(QuestionIdInput)
    .query(({ ctx, input }) => getQuestion(ctx.deps, ctx.viewer, input.qid)),

  create: protectedProcedure
    .input(CreateQuestionInput)
    .mutation(({ ctx, input }) => createQuestion(ctx.deps, ctx.viewer, input)),

  /** Counts the viewer's visit once; later visits by the same user change nothing. */
  view: protectedProcedure
    .input(QuestionIdInput)
    .mutation(({ ctx, input }) => recordView(ctx.deps, ctx.viewer, input.qid)),

  vote: protectedProcedure
    .input(VoteInput)
    .mutation(({ ctx, input }) => voteOnQuestion(ctx.deps, ctx.viewer, input)),

  /** Every question event, for the list page; resumable from the last event id the client saw. */
  onQuestionChanged: protectedProcedure
    .input(QuestionEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, { topic: 'question', lastEventId: input?.lastEventId }),
    ),

  /** The events of one question, for its detail page; resumable the same way. */
  onQuestionUpdated: protectedProcedure
    .input(QuestionUpdatesInput)
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'question',
        key: input.qid,
        lastEventId: input.lastEventId,
      }),
    ),
} satisfies TRPCRouterRecord;
