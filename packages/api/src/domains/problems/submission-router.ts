import {
  CreateSubmissionInput,
  ListSubmissionsInput,
  MySubmissionsInput,
  SubmissionIdInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure, publicProcedure, writerProcedure } from '../../trpc';
import { createSubmission } from './create-submission';
import { listSubmissions } from './leaderboard';
import { mySubmissions } from './solved-marks';
import { getSubmission } from './submission-page';

// The leaderboard and submitted code are public like the problems; submitting runs the code on the
// server (every test, hidden ones too) and needs a signed-in viewer, who is the submitter.
export const submissionRouter = {
  /** The server re-runs every test and measures the code; refused unless all pass. */
  create: writerProcedure
    .input(CreateSubmissionInput)
    .mutation(({ ctx, input, signal }) => createSubmission(ctx.deps, ctx.viewer, input, signal)),

  /** A problem's User Submissions leaderboard (default: date, newest first). */
  list: publicProcedure
    .input(ListSubmissionsInput)
    .query(({ ctx, input }) => listSubmissions(ctx.deps, input)),

  /** The viewer's own submissions to a problem, newest first (the problem page's "Solved"). */
  mine: protectedProcedure
    .input(MySubmissionsInput)
    .query(({ ctx, input }) => mySubmissions(ctx.deps, ctx.viewer, input.problemId)),

  byId: publicProcedure
    .input(SubmissionIdInput)
    .query(({ ctx, input }) => getSubmission(ctx.deps, input.id)),
} satisfies TRPCRouterRecord;
