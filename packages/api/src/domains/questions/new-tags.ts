import { tagNamesSchema } from '@app/validators';
import type { Allowance } from '../../core/write-limits';
import { findTagIds } from './tags';

/** A question's tags that do not exist yet: each counts against the new-tag limit. */
export const newTags: Allowance = {
  kind: 'newTags',
  async cost(deps, rawInput) {
    const tags = (rawInput as { tags?: unknown } | null | undefined)?.tags;
    const parsed = tagNamesSchema.safeParse(tags);
    if (!parsed.success) return 0;
    let missing = 0;
    for (const name of parsed.data) if ((await findTagIds(deps.db, [name])) === null) missing += 1;
    return missing;
  },
};
