import { TagNameInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { getTagByName, listTags } from '../services/tags';
import { publicProcedure } from '../trpc';

export const tagRouter = {
  /** Every tag with its question count (qcnt), by name. */
  list: publicProcedure.query(({ ctx }) => listTags(ctx.db, ctx.events)),

  /** Any case: 'React' finds 'react'. */
  byName: publicProcedure
    .input(TagNameInput)
    .query(({ ctx, input }) => getTagByName(ctx.db, input.name)),
} satisfies TRPCRouterRecord;
