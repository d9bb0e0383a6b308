import { answers, firstRow, questions, questionTags, tags, users } from '@app/db';
import { userMessages, voteScore, type UserPostsInput } from '@app/validators';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { isModerator, type Viewer } from '../../core/viewer';
import type { PostRemoval } from './shapes';
import { isShown, removalFor } from './visibility';

/** One of a profile's questions. */
export interface ProfileQuestion {
  id: number;
  title: string;
  askDateTime: Date;
  voteScore: number;
  answerCount: number;
  hasAcceptedAnswer: boolean;
  removal?: PostRemoval;
}

/** One of a profile's answers, with the question it answers. */
export interface ProfileAnswer {
  id: number;
  qid: number;
  questionTitle: string;
  ansDateTime: Date;
  voteScore: number;
  accepted: boolean;
  removal?: PostRemoval;
}

export interface ProfilePage<T> {
  items: T[];
  /** Pass back as `cursor` for older ones; null on the last page. */
  nextCursor: number | null;
  /** How many everyone sees (the profile's tab says it). */
  total: number;
}

/** A tag the user asked or answered under, with how many of their posts carry it. */
export interface ProfileTag {
  name: string;
  questions: number;
  answers: number;
}

async function userIdOf({ db }: ApiDeps, username: string): Promise<number> {
  const row = await firstRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), isNull(users.deletedAt))),
  );
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: userMessages.notFound });
  return row.id;
}

/**
 * What a profile lists for this viewer: what everyone sees, and for the profile's owner and
 * moderators also what was deleted or hidden, marked (the visibility rule of the question page).
 */
const seesRemoved = (viewer: Viewer, userId: number) => viewer.id === userId || isModerator(viewer);

/** The user's questions, newest first, a page at a time. */
export async function userQuestions(
  deps: ApiDeps,
  viewer: Viewer,
  input: UserPostsInput,
): Promise<ProfilePage<ProfileQuestion>> {
  const userId = await userIdOf(deps, input.username);
  const all = seesRemoved(viewer, userId);
  const mine = eq(questions.askedBy, userId);
  const rows = await deps.db
    .select({
      id: questions.id,
      title: questions.title,
      askDateTime: questions.askDateTime,
      upVoteCount: questions.upVoteCount,
      downVoteCount: questions.downVoteCount,
      answerCount: questions.answerCount,
      acceptedAnswerId: questions.acceptedAnswerId,
      deletedAt: questions.deletedAt,
      deletedBy: questions.deletedBy,
      hiddenAt: questions.hiddenAt,
    })
    .from(questions)
    .where(
      and(
        mine,
        all ? undefined : isShown(questions),
        input.cursor ? lt(questions.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(questions.id))
    .limit(input.limit + 1);
  const total = await firstRow(
    deps.db
      .select({ n: count() })
      .from(questions)
      .where(and(mine, isShown(questions))),
  );
  const items = rows.slice(0, input.limit).map((row): ProfileQuestion => {
    const { removal } = removalFor({ ...row, authorId: userId }, viewer);
    return {
      id: row.id,
      title: row.title,
      askDateTime: row.askDateTime,
      voteScore: voteScore(row.upVoteCount, row.downVoteCount),
      answerCount: row.answerCount,
      hasAcceptedAnswer: row.acceptedAnswerId !== null,
      ...(removal ? { removal } : {}),
    };
  });
  return {
    items,
    nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null,
    total: total?.n ?? 0,
  };
}

/** The user's answers, newest first, with their score and whether the asker accepted them. */
export async function userAnswers(
  deps: ApiDeps,
  viewer: Viewer,
  input: UserPostsInput,
): Promise<ProfilePage<ProfileAnswer>> {
  const userId = await userIdOf(deps, input.username);
  const all = seesRemoved(viewer, userId);
  const mine = eq(answers.ansBy, userId);
  const rows = await deps.db
    .select({
      id: answers.id,
      qid: answers.questionId,
      questionTitle: questions.title,
      ansDateTime: answers.ansDateTime,
      upVoteCount: answers.upVoteCount,
      downVoteCount: answers.downVoteCount,
      acceptedAnswerId: questions.acceptedAnswerId,
      deletedAt: answers.deletedAt,
      deletedBy: answers.deletedBy,
      hiddenAt: answers.hiddenAt,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(
      and(
        mine,
        // An answer on a removed question is as gone as the question, even on its author's profile.
        isShown(questions),
        all ? undefined : isShown(answers),
        input.cursor ? lt(answers.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(answers.id))
    .limit(input.limit + 1);
  const total = await firstRow(
    deps.db
      .select({ n: count() })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(and(mine, isShown(answers), isShown(questions))),
  );
  const items = rows.slice(0, input.limit).map((row): ProfileAnswer => {
    const { removal } = removalFor({ ...row, authorId: userId }, viewer);
    return {
      id: row.id,
      qid: row.qid,
      questionTitle: row.questionTitle,
      ansDateTime: row.ansDateTime,
      voteScore: voteScore(row.upVoteCount, row.downVoteCount),
      accepted: row.acceptedAnswerId === row.id,
      ...(removal ? { removal } : {}),
    };
  });
  return {
    items,
    nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null,
    total: total?.n ?? 0,
  };
}

/** How many tags a profile shows. */
const TOP_TAGS = 10;

/**
 * The tags the user posts under most: each tag with how many of their questions carry it and how
 * many of their answers are on a question that does (only posts everyone sees count).
 */
export async function userTopTags(deps: ApiDeps, username: string): Promise<ProfileTag[]> {
  const userId = await userIdOf(deps, username);
  const asked = deps.db
    .select({ tagId: questionTags.tagId, q: sql<number>`1`.as('q'), a: sql<number>`0`.as('a') })
    .from(questionTags)
    .innerJoin(questions, eq(questions.id, questionTags.questionId))
    .where(and(eq(questions.askedBy, userId), isShown(questions)));
  const answered = deps.db
    .select({ tagId: questionTags.tagId, q: sql<number>`0`.as('q'), a: sql<number>`1`.as('a') })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(questionTags, eq(questionTags.questionId, questions.id))
    .where(and(eq(answers.ansBy, userId), isShown(answers), isShown(questions)));
  const posts = asked.unionAll(answered).as('posts');
  const rows = await deps.db
    .select({
      name: tags.name,
      questions: sql<number>`sum(${posts.q})`.mapWith(Number),
      answers: sql<number>`sum(${posts.a})`.mapWith(Number),
    })
    .from(posts)
    .innerJoin(tags, eq(tags.id, posts.tagId))
    .groupBy(tags.id, tags.name)
    .orderBy(sql`sum(${posts.q}) + sum(${posts.a}) desc`, tags.name)
    .limit(TOP_TAGS);
  return rows;
}
