import {
  CloseQuestionInput,
  CreateQuestionInput,
  ListQuestionIdsInput,
  ListQuestionsInput,
  QuestionEventsInput,
  QuestionIdInput,
  QuestionsInFullInput,
  QuestionUpdatesInput,
  SimilarQuestionsInput,
  UpdateQuestionInput,
  VoteInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { limitedProcedure, protectedProcedure, publicProcedure, writerProcedure } from '../../trpc';
import { voteToClose, voteToReopen } from './close-question';
import { createQuestionOnce } from './create-question';
import { setPostDeleted } from './delete-post';
import { editQuestion } from './edit-post';
import { newTags } from './new-tags';
import { listQuestionIds, listQuestions } from './question-list';
import { readQuestionsInFull } from './question-list-full';
import { getQuestion } from './question-page';
import { voteOnQuestion } from './question-votes';
import { recordView } from './record-view';
import { similarQuestions } from './similar-questions';
import { getQuestionRevisions } from './revisions';

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

  /** Every matching question's id in list order, unpaged: the original client's whole list. */
  listIds: publicProcedure
    .input(ListQuestionIdsInput.default({ order: 'newest' }))
    .query(({ ctx, input }) => listQuestionIds(ctx.deps, input)),

  /** Whole questions (tags, votes, comments, answers with theirs) by id, a few hundred at a time. */
  inFull: publicProcedure
    .input(QuestionsInFullInput)
    .query(({ ctx, input }) => readQuestionsInFull(ctx.deps, input.qids)),

  /** While asking: up to five existing questions like the title so far (full-text, best first). */
  similar: publicProcedure
    .input(SimilarQuestionsInput)
    .query(({ ctx, input }) => similarQuestions(ctx.deps, input.title)),

  /** Counted against the limits inside: a question sent again with its key is not counted. */
  create: writerProcedure
    .input(CreateQuestionInput)
    .mutation(({ ctx, input }) => createQuestionOnce(ctx.deps, ctx.viewer, input)),

  /** Counts the viewer's visit once; later visits by the same user change nothing. */
  view: limitedProcedure('views')
    .input(QuestionIdInput)
    .mutation(({ ctx, input }) => recordView(ctx.deps, ctx.viewer, input.qid)),

  vote: limitedProcedure('votes')
    .input(VoteInput)
    .mutation(({ ctx, input }) => voteOnQuestion(ctx.deps, ctx.viewer, input)),

  /** Only the asker: new title, text and tags, checked as when asking; kept as a revision. */
  update: limitedProcedure('edits', newTags)
    .input(UpdateQuestionInput)
    .mutation(({ ctx, input }) => editQuestion(ctx.deps, ctx.viewer, input)),

  /**
   * The asker (while nobody's answer is accepted or scored above zero) or a moderator: the question
   * leaves every list, search and count; the asker and moderators still see it, marked deleted.
   */
  delete: limitedProcedure('edits')
    .input(QuestionIdInput)
    .mutation(({ ctx, input }) =>
      setPostDeleted(ctx.deps, ctx.viewer, { type: 'question', id: input.qid }, true),
    ),

  /** The asker (when they deleted it) or a moderator brings it back. */
  undelete: limitedProcedure('edits')
    .input(QuestionIdInput)
    .mutation(({ ctx, input }) =>
      setPostDeleted(ctx.deps, ctx.viewer, { type: 'question', id: input.qid }, false),
    ),

  /**
   * A vote to close the question as a duplicate of another: binding for a moderator, else counted
   * until enough users with enough reputation agree (settings).
   */
  voteToClose: limitedProcedure('votes')
    .input(CloseQuestionInput)
    .mutation(({ ctx, input }) => voteToClose(ctx.deps, ctx.viewer, input)),

  /** A vote to reopen a closed question, counted the same way. */
  voteToReopen: limitedProcedure('votes')
    .input(QuestionIdInput)
    .mutation(({ ctx, input }) => voteToReopen(ctx.deps, ctx.viewer, input.qid)),

  /** Every edit of the question, newest first, with the values before and after. */
  revisions: publicProcedure
    .input(QuestionIdInput)
    .query(({ ctx, input }) => getQuestionRevisions(ctx.deps, input.qid)),

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
