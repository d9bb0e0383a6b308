import {
  firstRow,
  chatMessages,
  chatParticipants,
  chats,
  dialect,
  type Executor,
  users,
} from '@app/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import { participantsOf, readChatAs } from './chat-access';
import type { ChatDetail, ChatSummary } from './shapes';

const lastMessage = alias(chatMessages, 'last_message');

/**
 * The viewer's chats with their newest message (one seek down chat_messages_chat each) and unread
 * count: messages from others after the viewer's read position.
 */
function summaryRows(db: Executor) {
  return db
    .select({
      id: chats.id,
      createdAt: chats.createdAt,
      lastId: lastMessage.id,
      lastMsg: lastMessage.msg,
      lastFrom: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${lastMessage.msgFrom})`,
      lastAt: lastMessage.msgDateTime,
      unread:
        sql<number>`(select count(*) from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${chatMessages.id} > ${chatParticipants.lastReadId} and ${chatMessages.msgFrom} <> ${chatParticipants.userId})`.mapWith(
          Number,
        ),
    })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .leftJoin(
      lastMessage,
      eq(
        lastMessage.id,
        sql`(select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.chatId} = ${chats.id})`,
      ),
    )
    .$dynamic();
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>['all']>>[number];

const myChatRows = perDb((db) =>
  summaryRows(db)
    .where(eq(chatParticipants.userId, sql.placeholder('userId')))
    // Most recently active first: the newest message, or the creation of a chat without one.
    .orderBy(desc(sql`coalesce(${lastMessage.msgDateTime}, ${chats.createdAt})`), desc(chats.id))
    .prepare(),
);

// Everyone in the viewer's chats, in join order.
const myChatsParticipants = perDb((db) => {
  const mine = alias(chatParticipants, 'mine');
  return db
    .select({ chatId: chatParticipants.chatId, username: users.username })
    .from(mine)
    .innerJoin(chatParticipants, eq(chatParticipants.chatId, mine.chatId))
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(eq(mine.userId, sql.placeholder('userId')))
    .orderBy(
      asc(chatParticipants.chatId),
      asc(chatParticipants.joinedAt),
      dialect.insertionOrder(chatParticipants),
    )
    .prepare();
});

function toSummary(row: SummaryRow, participants: string[]): ChatSummary {
  const lastMessage =
    row.lastId !== null && row.lastMsg !== null && row.lastFrom !== null && row.lastAt !== null
      ? { id: row.lastId, msg: row.lastMsg, msgFrom: row.lastFrom, msgDateTime: row.lastAt }
      : null;
  return {
    id: row.id,
    participants,
    createdAt: row.createdAt,
    lastMessage,
    lastActivityAt: lastMessage?.msgDateTime ?? row.createdAt,
    latestMessageId: lastMessage?.id ?? 0,
    unread: row.unread,
  };
}

/** The viewer's own chats, most recently active first, each with its unread count. */
export async function listMyChats({ db }: ApiDeps, viewer: Viewer): Promise<ChatSummary[]> {
  const params = { userId: viewer.id };
  // Chats first: nobody leaves a chat, so everyone in these is in the second read too.
  const rows = await myChatRows(db).execute(params);
  const participants = new Map<number, string[]>();
  for (const { chatId, username } of await myChatsParticipants(db).execute(params)) {
    const list = participants.get(chatId);
    if (list) list.push(username);
    else participants.set(chatId, [username]);
  }
  return rows.map((row) => toSummary(row, participants.get(row.id) ?? []));
}

/** One of the viewer's chats as their list shows it; the caller has checked they are in it. */
export async function chatSummary(
  db: Executor,
  viewerId: number,
  chatId: number,
): Promise<ChatSummary> {
  const row = await firstRow(
    summaryRows(db).where(
      and(eq(chatParticipants.userId, viewerId), eq(chatParticipants.chatId, chatId)),
    ),
  );
  if (!row) throw new Error(`chat ${chatId} has no participant ${viewerId}`);
  return toSummary(row, await participantsOf(db, chatId));
}

/** A chat and who is in it: for its participants only. */
export async function getChat(
  { db }: ApiDeps,
  viewer: Viewer,
  chatId: number,
): Promise<ChatDetail> {
  const { createdAt, participants } = await readChatAs(db, chatId, viewer.id);
  return { id: chatId, participants, createdAt };
}
