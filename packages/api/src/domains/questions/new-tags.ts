import { tagNamesSchema } from '@app/validators';
import type { Allowance } from '../../core/write-limits';
import { findTagIds } from './tags';

/** A question's tags that do not exist yet: each counts against the new-tag limit. */
export const newTags: Allowance = {
  kind: 'newTags',
  cost(deps, rawInput) {
    const tags = (rawInput as { tags?: unknown } | null | undefined)?.tags;
    const parsed = tagNamesSchema.safeParse(tags);
    if (!parsed.success) return 0;
    return parsed.data.filter((name) => findTagIds(deps.db, [name]) === null).length;
  },
};
