import {
  CreateQuestionInput,
  ListQuestionsInput,
  QuestionEventsInput,
  QuestionIdInput,
  QuestionUpdatesInput,
  VoteInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { streamTopic } from '../events';
import { whileSignedIn } from '../live-session';
import { listQuestions } from '../services/question-list';
import { createQuestion, getQuestion, recordView } from '../services/questions';
import { voteOnQuestion } from '../services/votes';
import { protectedProcedure, publicProcedure } from '../trpc';

// Reading is public (questions are the site's public content); every write, and every live stream
// (which can replay a day of events), needs a signed-in viewer, who is the author, voter or viewer:
// never a name from the request.
export const questionRouter = {
  list: publicProcedure
    .input(ListQuestionsInput.default({ order: 'newest', limit: 20 }))
    .query(({ ctx, input }) => listQuestions(ctx.db, ctx.events, input)),

  byId: publicProcedure
    .input(QuestionIdInput)
    .query(({ ctx, input }) => getQuestion(ctx.db, ctx.viewer, input.qid)),

  create: protectedProcedure
    .input(CreateQuestionInput)
    .mutation(({ ctx, input }) => createQuestion(ctx.db, ctx.events, ctx.viewer, input)),

  /** Counts the viewer's visit once; later visits by the same user change nothing. */
  view: protectedProcedure
    .input(QuestionIdInput)
    .mutation(({ ctx, input }) => recordView(ctx.db, ctx.events, ctx.viewer, input.qid)),

  vote: protectedProcedure
    .input(VoteInput)
    .mutation(({ ctx, input }) => voteOnQuestion(ctx.db, ctx.events, ctx.viewer, input)),

  /** Every question event, for the list page; resumable from the last event id the client saw. */
  onQuestionChanged: protectedProcedure
    .input(QuestionEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      streamTopic(
        ctx.events,
        'question',
        input?.lastEventId,
        whileSignedIn(ctx.db, ctx.viewer, signal),
      ),
    ),

  /** The events of one question, for its detail page; resumable the same way. */
  onQuestionUpdated: protectedProcedure
    .input(QuestionUpdatesInput)
    .subscription(({ ctx, input, signal }) =>
      streamTopic(
        ctx.events,
        'question',
        input.lastEventId,
        whileSignedIn(ctx.db, ctx.viewer, signal),
        (event) => event.qid === input.qid,
      ),
    ),
} satisfies TRPCRouterRecord;
