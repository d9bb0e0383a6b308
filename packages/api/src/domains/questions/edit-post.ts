import {
  firstRow,
  returnedRow,
  answerRevisions,
  answers,
  questionRevisions,
  questions,
  questionTags,
  tags,
  type Executor,
} from '@app/db';
import { editMessages, type UpdateAnswerInput, type UpdateQuestionInput } from '@app/validators';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyMentions } from '../notifications/notify';
import { findAnswer } from './answer-exists';
import { assertQuestionExists } from './question-exists';
import type { TagView } from './shapes';
import { findOrCreateTags } from './tags';

const forbidden = (message: string) => new Refusal({ code: 'FORBIDDEN', message });
const nothingChanged = () => new Refusal({ code: 'BAD_REQUEST', message: editMessages.noChanges });

async function currentTags(tx: Executor, qid: number): Promise<TagView[]> {
  return tx
    .select({ id: tags.id, name: tags.name, description: tags.description })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(eq(questionTags.questionId, qid))
    .orderBy(asc(questionTags.position));
}

const sameTags = (a: readonly TagView[], b: readonly TagView[]) =>
  a.length === b.length && a.every((tag, i) => tag.id === b[i]?.id);

export interface EditedQuestion {
  qid: number;
  title: string;
  text: string;
  tags: TagView[];
  editedAt: Date;
  revisionCount: number;
}

/**
 * The author's edit of their question: title, text and tags checked as when asking (the router's
 * schema), stored with a revision holding the values before and after, in one transaction whose
 * 'edited' event brings every open page the new values. The edit is the question's latest activity
 * (the Active order). The full-text index follows the new title and text (its trigger). Only the
 * asker may edit (FORBIDDEN); an edit that changes nothing is refused.
 */
export function editQuestion(
  deps: ApiDeps,
  viewer: Viewer,
  input: UpdateQuestionInput,
): Promise<{ question: EditedQuestion; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const { qid } = input;
    await assertQuestionExists(tx, qid);
    const before = await firstRow(
      tx
        .select({ title: questions.title, text: questions.text, askedBy: questions.askedBy })
        .from(questions)
        .where(eq(questions.id, qid)),
    );
    if (before?.askedBy !== viewer.id) throw forbidden(editMessages.onlyAuthorEditsQuestion);
    const tagsBefore = await currentTags(tx, qid);
    const tagsAfter = await findOrCreateTags(tx, input.tags);
    const tagsChanged = !sameTags(tagsBefore, tagsAfter);
    if (before.title === input.title && before.text === input.text && !tagsChanged)
      throw nothingChanged();

    const { revisionCount } = await returnedRow(
      tx
        .update(questions)
        .set({
          title: input.title,
          text: input.text,
          editedAt: now,
          revisionCount: sql`${questions.revisionCount} + 1`,
          // An edit is activity: it moves the question up the Active order ('modified …').
          lastActivityAt: now,
        })
        .where(eq(questions.id, qid))
        .returning({ revisionCount: questions.revisionCount }),
    );
    if (tagsChanged) {
      await tx.delete(questionTags).where(eq(questionTags.questionId, qid));
      await tx
        .insert(questionTags)
        .values(tagsAfter.map((tag, position) => ({ questionId: qid, tagId: tag.id, position })));
    }
    await tx.insert(questionRevisions).values({
      questionId: qid,
      number: revisionCount,
      editedBy: viewer.id,
      editedAt: now,
      titleBefore: before.title,
      titleAfter: input.title,
      textBefore: before.text,
      textAfter: input.text,
      tagsBefore: tagsBefore.map((tag) => tag.name),
      tagsAfter: tagsAfter.map((tag) => tag.name),
    });
    const question: EditedQuestion = {
      qid,
      title: input.title,
      text: input.text,
      tags: tagsAfter,
      editedAt: now,
      revisionCount,
    };
    const event = publish('question', qid, { type: 'edited', ...question, lastActivityAt: now });
    await notifyMentions({ tx, now, publish }, viewer, { qid }, input.text);
    return { question, event };
  });
}

export interface EditedAnswer {
  qid: number;
  answerId: number;
  text: string;
  editedAt: Date;
  revisionCount: number;
}

/**
 * The author's edit of their answer, checked as when answering, kept as a revision; it is the
 * question's latest activity, and its 'answerEdited' event goes to the question's page and lists.
 * Only the answer's author may edit (FORBIDDEN).
 */
export function editAnswer(
  deps: ApiDeps,
  viewer: Viewer,
  input: UpdateAnswerInput,
): Promise<{ answer: EditedAnswer; event: PublishedEvent<'question'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const { answerId } = input;
    const { qid, ansBy } = await findAnswer(tx, answerId);
    if (ansBy !== viewer.id) throw forbidden(editMessages.onlyAuthorEditsAnswer);
    const before = await firstRow(
      tx.select({ text: answers.text }).from(answers).where(eq(answers.id, answerId)),
    );
    if (!before || before.text === input.text) throw nothingChanged();

    const { revisionCount } = await returnedRow(
      tx
        .update(answers)
        .set({ text: input.text, editedAt: now, revisionCount: sql`${answers.revisionCount} + 1` })
        .where(eq(answers.id, answerId))
        .returning({ revisionCount: answers.revisionCount }),
    );
    await tx.update(questions).set({ lastActivityAt: now }).where(eq(questions.id, qid));
    await tx.insert(answerRevisions).values({
      answerId,
      number: revisionCount,
      editedBy: viewer.id,
      editedAt: now,
      textBefore: before.text,
      textAfter: input.text,
    });
    const answer: EditedAnswer = { qid, answerId, text: input.text, editedAt: now, revisionCount };
    const event = publish('question', qid, {
      type: 'answerEdited',
      ...answer,
      lastActivityAt: now,
    });
    await notifyMentions({ tx, now, publish }, viewer, { qid, answerId }, input.text);
    return { answer, event };
  });
}
