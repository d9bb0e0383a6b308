import { tags, type Db } from '@app/db';
import { DEFAULT_TAG_DESCRIPTION } from '@app/validators';
import { and, eq } from 'drizzle-orm';
import { TAG_DESCRIPTIONS } from './tag-descriptions';

/**
 * The demo's well-known tags get real descriptions. The product has no door for a tag's
 * description (a new tag says 'user added tag'), so, as a site's owner would, the seed writes them
 * in the database: a text shown on the tag card, which no counter or rule depends on. A description
 * someone already changed is left alone.
 */
export async function describeDemoTags(db: Db): Promise<void> {
  await db.$writer.transaction(async (tx) => {
    for (const [name, description] of Object.entries(TAG_DESCRIPTIONS)) {
      await tx
        .update(tags)
        .set({ description })
        .where(and(eq(tags.name, name), eq(tags.description, DEFAULT_TAG_DESCRIPTION)));
    }
  });
}
