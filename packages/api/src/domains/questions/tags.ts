import { firstRow, type Db, dialect, type Executor, questionTags, tags } from '@app/db';
import { DEFAULT_TAG_DESCRIPTION, questionMessages, tagKey } from '@app/validators';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import { removedQuestionIds } from './visibility';
import type { TagView, TagWithCount } from './shapes';

const tagView = { id: tags.id, name: tags.name, description: tags.description };

const tagByName = perDb((db) =>
  db
    .select(tagView)
    .from(tags)
    .where(eq(tags.nameKey, sql.placeholder('key')))
    .prepare(),
);

// All tags of a page of questions in one statement: the ids travel as one JSON array parameter.
const tagsOfQuestions = perDb((db) =>
  db
    .select({ questionId: questionTags.questionId, ...tagView })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(dialect.inJsonList(questionTags.questionId, sql.placeholder('ids')))
    .orderBy(questionTags.questionId, questionTags.position)
    .prepare(),
);

const tagsWithCounts = perDb((db) =>
  db
    .select({
      ...tagView,
      // Deleted and hidden questions do not count (the few of them, from questions_removed).
      qcnt: sql<number>`(select count(*) from ${questionTags} where ${questionTags.tagId} = ${tags.id}) - (select count(*) from ${questionTags} where ${questionTags.tagId} = ${tags.id} and ${questionTags.questionId} in (${removedQuestionIds()}))`.mapWith(
        Number,
      ),
    })
    .from(tags)
    .orderBy(asc(tags.nameKey), asc(tags.id))
    .prepare(),
);

/** Tags of each question, in the order its author gave them. */
export async function tagsForQuestions(
  db: Db,
  questionIds: readonly number[],
): Promise<Map<number, TagView[]>> {
  const byQuestion = new Map<number, TagView[]>(questionIds.map((id) => [id, []]));
  if (questionIds.length === 0) return byQuestion;
  for (const { questionId, ...tag } of await tagsOfQuestions(db).execute({
    ids: JSON.stringify(questionIds),
  })) {
    byQuestion.get(questionId)?.push(tag);
  }
  return byQuestion;
}

/** The ids of tags with these names (any case), or null when one of them does not exist. */
export async function findTagIds(db: Db, names: readonly string[]): Promise<number[] | null> {
  const ids: number[] = [];
  for (const name of names) {
    const tag = await firstRow(tagByName(db).execute({ key: tagKey(name) }));
    if (!tag) return null;
    ids.push(tag.id);
  }
  return ids;
}

/** Existing tags are reused whatever the case; new ones get the default description. Call inside a transaction. */
export async function findOrCreateTags(tx: Executor, names: readonly string[]): Promise<TagView[]> {
  const found: TagView[] = [];
  // tagByName on the transaction's handle (on SQLite the one writer connection, built once).
  const existing = (key: string) => firstRow(tagByName(tx as Db).execute({ key }));
  for (const name of names) {
    const nameKey = tagKey(name);
    // A tag another question is creating at this moment (on PostgreSQL, side by side): the insert
    // waits for its commit, finds the name taken, and the tag is read again.
    const tag =
      (await existing(nameKey)) ??
      (await firstRow(
        tx
          .insert(tags)
          .values({ name, nameKey, description: DEFAULT_TAG_DESCRIPTION })
          .onConflictDoNothing()
          .returning(tagView),
      )) ??
      (await existing(nameKey));
    if (!tag) throw new Error(`the tag ${nameKey} could not be made, and none was there`);
    found.push(tag);
  }
  return found;
}

/** Every tag with its question count, by name. Cached until a question is created or edited. */
export async function listTags({ db, readCache }: ApiDeps): Promise<TagWithCount[]> {
  return readCache.questionList.tags(async () => tagsWithCounts(db).execute());
}

export async function getTagByName(
  { db }: ApiDeps,
  name: string,
): Promise<{ name: string; description: string }> {
  const tag = await firstRow(tagByName(db).execute({ key: tagKey(name) }));
  if (!tag) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.tagNotFound });
  return { name: tag.name, description: tag.description };
}
