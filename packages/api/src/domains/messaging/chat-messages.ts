import { firstRow, chatMessages, chatParticipants, users, type Db, type Executor } from '@app/db';
import {
  messagingMessages,
  type ChatMessagesInput,
  type SendChatMessageInput,
} from '@app/validators';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { notifyDirectMessage } from '../notifications/notify';
import { assertParticipant } from './chat-access';
import { pageBounds, toPage, visiblePage } from './message-pages';
import { withinMessageLimit } from './message-rate-limit';
import { chatMessageSentWith } from './send-keys';
import type { MessagePage, MessageView } from './shapes';

/** A chat message as its readers get it (the sender by name), and whether flags hid it. */
export const chatMessageRow = {
  id: chatMessages.id,
  msg: chatMessages.msg,
  msgFrom: users.username,
  msgDateTime: chatMessages.msgDateTime,
  hiddenAt: chatMessages.hiddenAt,
};

// Down chat_messages_chat (chat_id, id) from the cursor.
export const chatPageStatement = perDb((db) =>
  db
    .select(chatMessageRow)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.msgFrom))
    .where(
      and(
        eq(chatMessages.chatId, sql.placeholder('chatId')),
        lt(chatMessages.id, sql.placeholder('before')),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder('rows'))
    .prepare(),
);

const newestInChat = perDb((db) =>
  db
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, sql.placeholder('chatId')))
    .prepare(),
);

/** The chat's newest message id, 0 when it has none. */
export async function latestMessageId(db: Executor, chatId: number): Promise<number> {
  return (await firstRow(newestInChat(db as Db).execute({ chatId })))?.id ?? 0;
}

// A send's two writes, built once per connection (perDb), run on the writer's.
const insertMessage = perDb((db) =>
  db
    .insert(chatMessages)
    .values({
      chatId: sql.placeholder('chatId'),
      msg: sql.placeholder('msg'),
      msgFrom: sql.placeholder('msgFrom'),
      msgDateTime: sql.placeholder('msgDateTime'),
      sendKey: sql.placeholder('sendKey'),
    })
    .onConflictDoNothing()
    .returning({ id: chatMessages.id })
    .prepare(),
);

/** Moves a participant's read position (the sender's to their own message, a reader's to the newest). */
export const moveReadPosition = perDb((db) =>
  db
    .update(chatParticipants)
    // (`set` takes no bare placeholder; an integer needs no mapping to either database.)
    .set({ lastReadId: sql`${sql.placeholder('lastReadId')}` })
    .where(
      and(
        eq(chatParticipants.chatId, sql.placeholder('chatId')),
        eq(chatParticipants.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(),
);

/** A page of a chat's messages, for its participants: the latest on open, older ones before `cursor`. */
export async function listChatMessages(
  { db }: ApiDeps,
  viewer: Viewer,
  input: ChatMessagesInput,
): Promise<MessagePage> {
  await assertParticipant(db, input.chatId, viewer.id);
  const rows = await chatPageStatement(db).execute({ chatId: input.chatId, ...pageBounds(input) });
  return visiblePage(toPage(rows, input.limit), viewer.username);
}

/**
 * Posts in a chat as the viewer — unless the viewer's device sent this message before (the same key):
 * then that message is the answer, and nothing is posted or published.
 */
export async function sendChatMessageOnce(
  deps: ApiDeps,
  viewer: Viewer,
  input: SendChatMessageInput,
): Promise<{ message: MessageView; event: PublishedEvent<'chat'> | null }> {
  if (input.sendKey) {
    await assertParticipant(deps.db, input.chatId, viewer.id);
    const sent = await chatMessageSentWith(deps.db, viewer, input.chatId, input.sendKey);
    if (sent) return { message: sent, event: null };
  }
  return sendChatMessage(deps, viewer, input);
}

/**
 * Posts in a chat as the viewer, now, if they are in it. The sender has read the chat up to their own
 * message: their read position moves with it.
 */
export async function sendChatMessage(
  deps: ApiDeps,
  viewer: Viewer,
  input: SendChatMessageInput,
): Promise<{ message: MessageView; event: PublishedEvent<'chat'> }> {
  const { chatId, sendKey } = input;
  return withinMessageLimit(deps, viewer, () =>
    writeTransaction(deps, async ({ tx, now, publish }) => {
      await assertParticipant(tx, chatId, viewer.id);
      const row = await firstRow(
        insertMessage(tx as Db).execute({
          chatId,
          msg: input.msg,
          msgFrom: viewer.id,
          msgDateTime: now,
          sendKey: sendKey ?? null,
        }),
      );
      // Only a send with the same key racing this one can take its place.
      if (!row) throw new Refusal({ code: 'CONFLICT', message: messagingMessages.sentAlready });
      const { id } = row;
      await moveReadPosition(tx as Db).execute({ lastReadId: id, chatId, userId: viewer.id });
      const message: MessageView = {
        id,
        msg: input.msg,
        msgFrom: viewer.username,
        msgDateTime: now,
      };
      const event = publish('chat', input.chatId, {
        type: 'newMessage',
        chatId: input.chatId,
        message,
        lastActivityAt: now,
      });
      await notifyDirectMessage({ tx, now, publish }, viewer, {
        chatId: input.chatId,
        messageId: id,
      });
      return { message, event };
    }),
  );
}
