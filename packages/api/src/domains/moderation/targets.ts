import {
  answers,
  chatMessages,
  chatParticipants,
  comments,
  firstRow,
  globalMessages,
  problems,
  questions,
  users,
  type Executor,
} from '@app/db';
import { moderationMessages } from '@app/validators';
import { and, eq, isNotNull as notNull, isNull, type AnyColumn } from 'drizzle-orm';
import { Refusal } from '../../core/errors';
import type { WriteScope } from '../../core/write';
import type { FlagTarget } from '../audit/audit';
import { publishVisibility } from '../questions/delete-post';

/** Where an item is shown: the question page, the global chat, a direct chat, a problem's page. */
export interface ItemLocation {
  qid?: number;
  answerId?: number;
  commentId?: number;
  chatId?: number;
  problemId?: number;
}

/** A flaggable item as a moderator reviews it: its words, its author, where it is. */
export interface FlaggedItem {
  kind: FlagTarget;
  id: number;
  authorId: number;
  author: string;
  /** The question's or problem's title; '' for the others. */
  title: string;
  text: string;
  createdAt: Date;
  hidden: boolean;
  /** Deleted by its author or a moderator (questions, answers, comments). */
  deleted: boolean;
  location: ItemLocation;
}

interface Row {
  id: number;
  authorId: number;
  author: string;
  title: string;
  text: string;
  createdAt: Date;
  hiddenAt: Date | null;
  deletedAt: Date | null;
  location: ItemLocation;
}

const authorName = (column: AnyColumn) => eq(users.id, column);

/** Reads one item of any kind, or null when there is no such item. */
export async function readItem(
  db: Executor,
  target: { kind: FlagTarget; id: number },
): Promise<FlaggedItem | null> {
  const row = await readRow(db, target);
  if (!row) return null;
  const { hiddenAt, deletedAt, ...rest } = row;
  return { kind: target.kind, ...rest, hidden: hiddenAt !== null, deleted: deletedAt !== null };
}

async function readRow(
  db: Executor,
  { kind, id }: { kind: FlagTarget; id: number },
): Promise<Row | null> {
  switch (kind) {
    case 'question': {
      const row = await firstRow(
        db
          .select({
            authorId: questions.askedBy,
            author: users.username,
            title: questions.title,
            text: questions.text,
            createdAt: questions.askDateTime,
            hiddenAt: questions.hiddenAt,
            deletedAt: questions.deletedAt,
          })
          .from(questions)
          .innerJoin(users, authorName(questions.askedBy))
          .where(eq(questions.id, id)),
      );
      return row ? { id, ...row, location: { qid: id } } : null;
    }
    case 'answer': {
      const row = await firstRow(
        db
          .select({
            authorId: answers.ansBy,
            author: users.username,
            title: questions.title,
            text: answers.text,
            createdAt: answers.ansDateTime,
            hiddenAt: answers.hiddenAt,
            deletedAt: answers.deletedAt,
            qid: answers.questionId,
          })
          .from(answers)
          .innerJoin(users, authorName(answers.ansBy))
          .innerJoin(questions, eq(questions.id, answers.questionId))
          .where(eq(answers.id, id)),
      );
      if (!row) return null;
      const { qid, ...rest } = row;
      return { id, ...rest, location: { qid, answerId: id } };
    }
    case 'comment': {
      const row = await firstRow(
        db
          .select({
            authorId: comments.commentBy,
            author: users.username,
            text: comments.text,
            createdAt: comments.commentDateTime,
            hiddenAt: comments.hiddenAt,
            deletedAt: comments.deletedAt,
            questionId: comments.questionId,
            answerId: comments.answerId,
          })
          .from(comments)
          .innerJoin(users, authorName(comments.commentBy))
          .where(eq(comments.id, id)),
      );
      if (!row) return null;
      const { questionId, answerId, ...rest } = row;
      const qid = questionId ?? (answerId ? await questionOfAnswer(db, answerId) : null);
      if (qid === null) return null;
      return {
        id,
        ...rest,
        title: '',
        location: { qid, commentId: id, ...(answerId ? { answerId } : {}) },
      };
    }
    case 'global_message': {
      const row = await firstRow(
        db
          .select({
            authorId: globalMessages.msgFrom,
            author: users.username,
            text: globalMessages.msg,
            createdAt: globalMessages.msgDateTime,
            hiddenAt: globalMessages.hiddenAt,
          })
          .from(globalMessages)
          .innerJoin(users, authorName(globalMessages.msgFrom))
          .where(eq(globalMessages.id, id)),
      );
      return row ? { id, ...row, title: '', deletedAt: null, location: {} } : null;
    }
    case 'chat_message': {
      const row = await firstRow(
        db
          .select({
            authorId: chatMessages.msgFrom,
            author: users.username,
            text: chatMessages.msg,
            createdAt: chatMessages.msgDateTime,
            hiddenAt: chatMessages.hiddenAt,
            chatId: chatMessages.chatId,
          })
          .from(chatMessages)
          .innerJoin(users, authorName(chatMessages.msgFrom))
          .where(eq(chatMessages.id, id)),
      );
      if (!row) return null;
      const { chatId, ...rest } = row;
      return { id, ...rest, title: '', deletedAt: null, location: { chatId } };
    }
    case 'problem': {
      const row = await firstRow(
        db
          .select({
            authorId: problems.postedBy,
            author: users.username,
            title: problems.title,
            text: problems.problemText,
            createdAt: problems.createdAt,
            hiddenAt: problems.hiddenAt,
          })
          .from(problems)
          .innerJoin(users, authorName(problems.postedBy))
          .where(eq(problems.id, id)),
      );
      return row ? { id, ...row, deletedAt: null, location: { problemId: id } } : null;
    }
  }
}

async function questionOfAnswer(db: Executor, answerId: number): Promise<number | null> {
  const row = await firstRow(
    db.select({ qid: answers.questionId }).from(answers).where(eq(answers.id, answerId)),
  );
  return row?.qid ?? null;
}

/**
 * The item a user may see and flag: NOT_FOUND with the sentence when there is none, it was deleted,
 * or it is a message of a chat the user is not in (as if it did not exist).
 */
export async function visibleItem(
  db: Executor,
  viewerId: number,
  target: { kind: FlagTarget; id: number },
): Promise<FlaggedItem> {
  const item = await readItem(db, target);
  const inChat =
    item?.location.chatId === undefined ||
    (await firstRow(
      db
        .select({ userId: chatParticipants.userId })
        .from(chatParticipants)
        .where(
          and(
            eq(chatParticipants.chatId, item.location.chatId),
            eq(chatParticipants.userId, viewerId),
          ),
        ),
    )) !== undefined;
  if (!item || item.deleted || !inChat) {
    throw new Refusal({ code: 'NOT_FOUND', message: moderationMessages.flagNotFound });
  }
  return item;
}

/** The item, for a moderator: NOT_FOUND only when there is no such item at all. */
export async function existingItem(
  db: Executor,
  target: { kind: FlagTarget; id: number },
): Promise<FlaggedItem> {
  const item = await readItem(db, target);
  if (!item) throw new Refusal({ code: 'NOT_FOUND', message: moderationMessages.itemNotFound });
  return item;
}

const HIDDEN_COLUMNS = {
  question: { table: questions, id: questions.id, hiddenAt: questions.hiddenAt },
  answer: { table: answers, id: answers.id, hiddenAt: answers.hiddenAt },
  comment: { table: comments, id: comments.id, hiddenAt: comments.hiddenAt },
  global_message: {
    table: globalMessages,
    id: globalMessages.id,
    hiddenAt: globalMessages.hiddenAt,
  },
  chat_message: { table: chatMessages, id: chatMessages.id, hiddenAt: chatMessages.hiddenAt },
  problem: { table: problems, id: problems.id, hiddenAt: problems.hiddenAt },
} as const;

/**
 * Hides an item (flags, or a moderator) or shows it again, and tells its open pages through its
 * domain's topic: they drop it, or read it again. Changes nothing, and publishes nothing, when the
 * item already is so. Answers whether it changed.
 */
export async function setHidden(
  scope: WriteScope,
  item: FlaggedItem,
  hidden: boolean,
): Promise<boolean> {
  const { tx, now, publish } = scope;
  const { table, id, hiddenAt } = HIDDEN_COLUMNS[item.kind];
  const changed = await tx
    .update(table)
    .set({ hiddenAt: hidden ? now : null })
    .where(and(eq(id, item.id), hidden ? isNull(hiddenAt) : notNull(hiddenAt)))
    .returning({ id });
  if (changed.length === 0) return false;
  const { location } = item;
  switch (item.kind) {
    case 'question':
    case 'answer':
    case 'comment':
      // The questions domain's one event for a post that leaves or rejoins (its answer count too).
      await publishVisibility(scope, { type: item.kind, id: item.id }, location.qid ?? 0);
      break;
    case 'global_message':
      publish('message', 'global', { type: 'hidden', messageId: item.id, hidden });
      break;
    case 'chat_message':
      publish('chat', location.chatId ?? 0, {
        type: 'messageHidden',
        chatId: location.chatId ?? 0,
        messageId: item.id,
        hidden,
      });
      break;
    case 'problem':
      publish('problem', item.id, { type: 'hidden', problemId: item.id, hidden });
      break;
  }
  return true;
}
