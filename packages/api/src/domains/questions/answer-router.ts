import {
  AcceptAnswerInput,
  AnswerIdInput,
  AnswerVoteInput,
  CreateAnswerInput,
  UpdateAnswerInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { limitedProcedure, publicProcedure, writerProcedure } from '../../trpc';
import { setAcceptedAnswer } from './accept-answer';
import { voteOnAnswer } from './answer-votes';
import { createAnswerOnce } from './create-answer';
import { setPostDeleted } from './delete-post';
import { editAnswer } from './edit-post';
import { getAnswerRevisions } from './revisions';

export const answerRouter = {
  /** Counted against the limit inside: an answer sent again with its key is not counted. */
  create: writerProcedure
    .input(CreateAnswerInput)
    .mutation(({ ctx, input }) => createAnswerOnce(ctx.deps, ctx.viewer, input)),

  /** The toggle rule questions use: the same vote again takes it back. */
  vote: limitedProcedure('votes')
    .input(AnswerVoteInput)
    .mutation(({ ctx, input }) => voteOnAnswer(ctx.deps, ctx.viewer, input)),

  /** Only the asker: makes this answer the accepted one, replacing any other. */
  accept: limitedProcedure('votes')
    .input(AcceptAnswerInput)
    .mutation(({ ctx, input }) =>
      setAcceptedAnswer(ctx.deps, ctx.viewer, { ...input, accepted: true }),
    ),

  /** Only the asker: takes the acceptance back, if this answer has it. */
  unaccept: limitedProcedure('votes')
    .input(AcceptAnswerInput)
    .mutation(({ ctx, input }) =>
      setAcceptedAnswer(ctx.deps, ctx.viewer, { ...input, accepted: false }),
    ),

  /** Only the answer's author: new text, checked as when answering; kept as a revision. */
  update: limitedProcedure('edits')
    .input(UpdateAnswerInput)
    .mutation(({ ctx, input }) => editAnswer(ctx.deps, ctx.viewer, input)),

  /** Its author (unless it is accepted) or a moderator; the author and moderators still see it. */
  delete: limitedProcedure('edits')
    .input(AnswerIdInput)
    .mutation(({ ctx, input }) =>
      setPostDeleted(ctx.deps, ctx.viewer, { type: 'answer', id: input.answerId }, true),
    ),

  /** Its author (when they deleted it) or a moderator brings it back. */
  undelete: limitedProcedure('edits')
    .input(AnswerIdInput)
    .mutation(({ ctx, input }) =>
      setPostDeleted(ctx.deps, ctx.viewer, { type: 'answer', id: input.answerId }, false),
    ),

  /** Every edit of the answer, newest first, with the text before and after. */
  revisions: publicProcedure
    .input(AnswerIdInput)
    .query(({ ctx, input }) => getAnswerRevisions(ctx.deps, input.answerId)),
} satisfies TRPCRouterRecord;
