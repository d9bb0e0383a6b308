import { firstRow, questions, questionTags, type Db } from '@app/db';
import { questionMessages, type CreateQuestionInput } from '@app/validators';
import { sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyMentions } from '../notifications/notify';
import type { QuestionSummary } from './shapes';
import { newTags } from './new-tags';
import { withinPostLimits } from './post-limits';
import { questionSentWith } from './send-keys';
import { findOrCreateTags } from './tags';

/**
 * Asks a question as the viewer, within their limits — unless the viewer's device sent this question
 * before (the same key): then that question is the answer, and nothing is posted, published or counted.
 */
export async function createQuestionOnce(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateQuestionInput,
): Promise<{ question: QuestionSummary; event: PublishedEvent<'question'> | null }> {
  const sent = input.sendKey ? await questionSentWith(deps, viewer, input.sendKey) : null;
  if (sent) return { question: sent, event: null };
  return withinPostLimits(deps, viewer, ['questions', newTags], input, () =>
    createQuestion(deps, viewer, input),
  );
}

// A question's writes, built once per connection (the write transaction's handle: on SQLite the one
// writer connection). Its tags are one row each: a statement of one row serves any number of them.
const insertQuestion = perDb((db) =>
  db
    .insert(questions)
    .values({
      title: sql.placeholder('title'),
      text: sql.placeholder('text'),
      askedBy: sql.placeholder('askedBy'),
      askDateTime: sql.placeholder('now'),
      lastActivityAt: sql.placeholder('now'),
      sendKey: sql.placeholder('sendKey'),
    })
    .onConflictDoNothing()
    .returning({ id: questions.id })
    .prepare(),
);

const insertQuestionTag = perDb((db) =>
  db
    .insert(questionTags)
    .values({
      questionId: sql.placeholder('questionId'),
      tagId: sql.placeholder('tagId'),
      position: sql.placeholder('position'),
    })
    .prepare(),
);

/** Asks a question as the signed-in viewer, now; tags are found or created in the same transaction. */
export function createQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateQuestionInput,
): Promise<{ question: QuestionSummary; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const tags = await findOrCreateTags(tx, input.tags);
    const row = await firstRow(
      insertQuestion(tx as Db).execute({
        title: input.title,
        text: input.text,
        askedBy: viewer.id,
        now,
        sendKey: input.sendKey ?? null,
      }),
    );
    // Only a send with the same key racing this one can take its place.
    if (!row) throw new Refusal({ code: 'CONFLICT', message: questionMessages.sentAlready });
    const { id } = row;
    for (const [position, tag] of tags.entries())
      await insertQuestionTag(tx as Db).execute({ questionId: id, tagId: tag.id, position });
    const question: QuestionSummary = {
      id,
      title: input.title,
      tags,
      askedBy: viewer.username,
      askDateTime: now,
      lastActivityAt: now,
      lastActivityKind: 'asked',
      answerCount: 0,
      viewCount: 0,
      upVoteCount: 0,
      downVoteCount: 0,
      voteScore: 0,
      hasAcceptedAnswer: false,
    };
    const event = publish('question', id, { type: 'created', qid: id, question });
    await notifyMentions({ tx, now, publish }, viewer, { qid: id }, input.text);
    return { question, event };
  });
}
