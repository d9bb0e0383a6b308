import { UserPostsInput, UserTagsInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../../trpc';
import { userAnswers, userQuestions, userTopTags } from './profile-posts';

// A profile's work (its tabs): signed in, as profiles are.
export const profileRouter = {
  /** The profile's questions, newest first (its owner and moderators also see removed ones). */
  questions: protectedProcedure
    .input(UserPostsInput)
    .query(({ ctx, input }) => userQuestions(ctx.deps, ctx.viewer, input)),

  /** The profile's answers, newest first, with score and accepted mark. */
  answers: protectedProcedure
    .input(UserPostsInput)
    .query(({ ctx, input }) => userAnswers(ctx.deps, ctx.viewer, input)),

  /** The tags the user asks and answers under most. */
  topTags: protectedProcedure
    .input(UserTagsInput)
    .query(({ ctx, input }) => userTopTags(ctx.deps, input.username)),
} satisfies TRPCRouterRecord;
