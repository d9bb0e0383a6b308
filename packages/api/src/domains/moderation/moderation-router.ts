import {
  FlagTargetInput,
  ModerateUserInput,
  ModerationPageInput,
  SuspendInput,
} from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { moderatorProcedure } from '../../trpc';
import { dismissFlags, hideItem, suspendUser, unsuspendUser } from './actions';
import { moderationLog, reviewQueue } from './review';

// Moderators only (moderatorProcedure: FORBIDDEN for everyone else). Not rate limited: the role is
// granted from the command line to people the site trusts, and every action leaves an audit row.
// Deleting questions, answers and comments is the posts' own procedures (question.delete, …).
export const moderationRouter = {
  /** Pending flags grouped by item, newest first, each item in context. */
  queue: moderatorProcedure
    .input(ModerationPageInput)
    .query(({ ctx, input }) => reviewQueue(ctx.deps, input)),

  /** Nothing wrong: the item's pending flags are dismissed and it is shown again. */
  dismiss: moderatorProcedure
    .input(FlagTargetInput)
    .mutation(({ ctx, input }) => dismissFlags(ctx.deps, ctx.viewer, input)),

  /** Hides an item for good (a message's or problem's removal); its pending flags are handled. */
  hide: moderatorProcedure
    .input(FlagTargetInput)
    .mutation(({ ctx, input }) => hideItem(ctx.deps, ctx.viewer, input, true)),

  /** Shows a hidden item again. */
  unhide: moderatorProcedure
    .input(FlagTargetInput)
    .mutation(({ ctx, input }) => hideItem(ctx.deps, ctx.viewer, input, false)),

  /** The user may read and sign in, but not write, for `days` days. */
  suspend: moderatorProcedure
    .input(SuspendInput)
    .mutation(({ ctx, input }) => suspendUser(ctx.deps, ctx.viewer, input)),

  /** Ends a suspension now. */
  unsuspend: moderatorProcedure
    .input(ModerateUserInput)
    .mutation(({ ctx, input }) => unsuspendUser(ctx.deps, ctx.viewer, input)),

  /** The audit log of every moderator action, newest first. */
  log: moderatorProcedure
    .input(ModerationPageInput)
    .query(({ ctx, input }) => moderationLog(ctx.deps, input)),
} satisfies TRPCRouterRecord;
