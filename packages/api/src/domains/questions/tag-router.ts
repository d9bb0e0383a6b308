import { TagNameInput } from '@app/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure } from '../../trpc';
import { getTagByName, listTags } from './tags';

export const tagRouter = {
  /** Every tag with its question count (qcnt), by name. */
  list: publicProcedure.query(({ ctx }) => listTags(ctx.deps)),

  /** Any case: 'React' finds 'react'. */
  byName: publicProcedure
    .input(TagNameInput)
    .query(({ ctx, input }) => getTagByName(ctx.deps, input.name)),
} satisfies TRPCRouterRecord;
