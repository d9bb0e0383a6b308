import { firstRow, answerRevisions, answers, questionRevisions, questions, users } from '@app/db';
import { questionMessages } from '@app/validators';
import { desc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type {
  AnswerRevision,
  AnswerRevisions,
  QuestionRevision,
  QuestionRevisions,
} from './shapes';

// Editors and authors are read by id, as on the question page: a deleted account keeps its name.
const usernameOf = (userId: unknown) =>
  sql<string>`(select ${users.username} from ${users} where ${users.id} = ${userId})`;

const questionHead = perDb((db) =>
  db
    .select({
      qid: questions.id,
      title: questions.title,
      askedBy: usernameOf(questions.askedBy),
      askDateTime: questions.askDateTime,
    })
    .from(questions)
    .where(eq(questions.id, sql.placeholder('qid')))
    .prepare(),
);

const questionEdits = perDb((db) =>
  db
    .select({
      number: questionRevisions.number,
      editedBy: usernameOf(questionRevisions.editedBy),
      editedAt: questionRevisions.editedAt,
      titleBefore: questionRevisions.titleBefore,
      titleAfter: questionRevisions.titleAfter,
      textBefore: questionRevisions.textBefore,
      textAfter: questionRevisions.textAfter,
      tagsBefore: questionRevisions.tagsBefore,
      tagsAfter: questionRevisions.tagsAfter,
    })
    .from(questionRevisions)
    .where(eq(questionRevisions.questionId, sql.placeholder('qid')))
    .orderBy(desc(questionRevisions.number))
    .prepare(),
);

const answerHead = perDb((db) =>
  db
    .select({
      qid: answers.questionId,
      questionTitle: questions.title,
      answerId: answers.id,
      ansBy: usernameOf(answers.ansBy),
      ansDateTime: answers.ansDateTime,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.id, sql.placeholder('answerId')))
    .prepare(),
);

const answerEdits = perDb((db) =>
  db
    .select({
      number: answerRevisions.number,
      editedBy: usernameOf(answerRevisions.editedBy),
      editedAt: answerRevisions.editedAt,
      textBefore: answerRevisions.textBefore,
      textAfter: answerRevisions.textAfter,
    })
    .from(answerRevisions)
    .where(eq(answerRevisions.answerId, sql.placeholder('answerId')))
    .orderBy(desc(answerRevisions.number))
    .prepare(),
);

/** Every edit of a question, newest first, each with the values before and after it. Public. */
export async function getQuestionRevisions(
  { db }: ApiDeps,
  qid: number,
): Promise<QuestionRevisions> {
  const head = await firstRow(questionHead(db).execute({ qid }));
  if (!head) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.questionNotFound });
  const revisions = (await questionEdits(db).execute({ qid })).map((row): QuestionRevision => ({
    number: row.number,
    editedBy: row.editedBy,
    editedAt: row.editedAt,
    before: { title: row.titleBefore, text: row.textBefore, tags: row.tagsBefore },
    after: { title: row.titleAfter, text: row.textAfter, tags: row.tagsAfter },
  }));
  return { ...head, revisions };
}

/** Every edit of an answer, newest first, with its question for the way back. Public. */
export async function getAnswerRevisions(
  { db }: ApiDeps,
  answerId: number,
): Promise<AnswerRevisions> {
  const head = await firstRow(answerHead(db).execute({ answerId }));
  if (!head) throw new Refusal({ code: 'NOT_FOUND', message: questionMessages.answerNotFound });
  const revisions = (await answerEdits(db).execute({ answerId })).map((row): AnswerRevision => ({
    number: row.number,
    editedBy: row.editedBy,
    editedAt: row.editedAt,
    before: { text: row.textBefore },
    after: { text: row.textAfter },
  }));
  return { ...head, revisions };
}
