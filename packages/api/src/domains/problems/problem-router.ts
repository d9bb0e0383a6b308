import {
  CreateProblemInput,
  DraftInput,
  ListProblemsInput,
  PROBLEMS_PAGE_SIZE,
  ProblemEventsInput,
  ProblemIdInput,
  ProblemUpdatesInput,
  ProblemVoteInput,
  RunProblemTestsInput,
  SaveDraftInput,
  SolvedAmongInput,
  TestSolutionInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { liveStream } from '../../events/live-stream';
import { limitedProcedure, protectedProcedure, publicProcedure } from '../../trpc';
import { createProblem } from './create-problem';
import { readDraft, saveDraft } from './drafts';
import { changesProblemList } from './events';
import { listProblems } from './problem-list';
import { getProblem } from './problem-page';
import { voteOnProblem } from './problem-votes';
import { runProblemTests, testSolution } from './run-tests';
import { solvedAmong } from './solved-marks';

// Reading is public, as for questions; hidden tests are shown to their author only (the services
// decide, from the session's viewer). Running code costs a sandbox worker, so every run and every
// write needs a signed-in viewer and counts against their test-run limit, and the request's signal
// goes with it (a run is given up when its request ends). Writes answer with the event they
// published.
export const problemRouter = {
  list: publicProcedure
    .input(ListProblemsInput.default({ direction: 'desc', limit: PROBLEMS_PAGE_SIZE }))
    .query(({ ctx, input }) => listProblems(ctx.deps, input)),

  byId: publicProcedure
    .input(ProblemIdInput)
    .query(({ ctx, input }) => getProblem(ctx.deps, ctx.viewer, input.id)),

  /** The example solution must pass every test on the server, or the problem is refused. */
  create: limitedProcedure('problems')
    .input(CreateProblemInput)
    .mutation(({ ctx, input, signal }) => createProblem(ctx.deps, ctx.viewer, input, signal)),

  /** Test Solution (create screen): the viewer's code against the viewer's own tests. */
  testSolution: protectedProcedure
    .input(TestSolutionInput)
    .mutation(({ ctx, input, signal }) => testSolution(ctx.deps, ctx.viewer, input, signal)),

  /** Run Tests (Attempt screen): every test of the problem; hidden ones' results redacted. */
  runTests: protectedProcedure
    .input(RunProblemTestsInput)
    .mutation(({ ctx, input, signal }) => runProblemTests(ctx.deps, ctx.viewer, input, signal)),

  /** The viewer's own draft of the attempt editor (null when none): nobody else reads it. */
  draft: protectedProcedure
    .input(DraftInput)
    .query(({ ctx, input }) => readDraft(ctx.deps, ctx.viewer, input)),

  /** Keeps the attempt editor's code as the viewer types (debounced by the page). */
  saveDraft: limitedProcedure('drafts')
    .input(SaveDraftInput)
    .mutation(({ ctx, input }) => saveDraft(ctx.deps, ctx.viewer, input)),

  /** Which of these problems (the list's page) the viewer has solved: kept out of the shared list. */
  solvedAmong: protectedProcedure
    .input(SolvedAmongInput)
    .query(({ ctx, input }) => solvedAmong(ctx.deps, ctx.viewer, input.ids)),

  vote: limitedProcedure('votes')
    .input(ProblemVoteInput)
    .mutation(({ ctx, input }) => voteOnProblem(ctx.deps, ctx.viewer, input)),

  /** The list page's events (created, voted), resumable from the last event id the client saw. */
  onProblemChanged: protectedProcedure
    .input(ProblemEventsInput.optional())
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, {
        topic: 'problem',
        lastEventId: input?.lastEventId,
        allow: changesProblemList,
      }),
    ),

  /** One problem's events (voted, submitted), for its detail page; resumable the same way. */
  onProblemUpdated: protectedProcedure
    .input(ProblemUpdatesInput)
    .subscription(({ ctx, input, signal }) =>
      liveStream(ctx, signal, { topic: 'problem', key: input.id, lastEventId: input.lastEventId }),
    ),
} satisfies TRPCRouterRecord;
