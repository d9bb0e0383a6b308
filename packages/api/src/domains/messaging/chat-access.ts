import { firstRow, chatParticipants, chats, dialect, type Db, type Executor, users } from '@app/db';
import { messagingMessages } from '@app/validators';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import type { ChatEvent } from './events';

// The chat by its key, and the user's row in it if they are in it: every chat procedure runs it first
// (send in its transaction, so on the writer's connection), built once per connection.
const participantCheck = perDb((db) =>
  db
    .select({ createdAt: chats.createdAt, lastReadId: chatParticipants.lastReadId })
    .from(chats)
    .leftJoin(
      chatParticipants,
      and(
        eq(chatParticipants.chatId, chats.id),
        eq(chatParticipants.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(chats.id, sql.placeholder('chatId')))
    .prepare(),
);

/**
 * Who may touch a chat: its participants, and nobody else. An unknown chat is NOT_FOUND, someone
 * else's is FORBIDDEN, checked in that order and before anything of the chat is read. Returns the
 * viewer's read position there.
 */
export async function assertParticipant(
  db: Executor,
  chatId: number,
  userId: number,
): Promise<{ createdAt: Date; lastReadId: number }> {
  const row = await firstRow(participantCheck(db as Db).execute({ chatId, userId }));
  if (!row) throw new Refusal({ code: 'NOT_FOUND', message: messagingMessages.chatNotFound });
  if (row.lastReadId === null) {
    throw new Refusal({ code: 'FORBIDDEN', message: messagingMessages.notParticipant });
  }
  return { createdAt: row.createdAt, lastReadId: row.lastReadId };
}

// One primary-key lookup: it runs for every chat event and every subscriber.
const membership = perDb((db) =>
  db
    .select({ joinedAfterId: chatParticipants.joinedAfterId })
    .from(chatParticipants)
    .where(
      and(
        eq(chatParticipants.chatId, sql.placeholder('chatId')),
        eq(chatParticipants.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(),
);

/**
 * Whether the viewer may see a chat event: they are a participant now, and the event is from their
 * time in the chat (nobody leaves a chat, so an event whose participants include them, or a message
 * newer than the chat's newest when they joined, is). The replay after a reconnect is filtered like
 * the live stream; someone added later hears the chat from their own newParticipant on, and everyone
 * else never. What came before is still theirs to read in the chat's history.
 */
export async function mayReceive(
  deps: ApiDeps,
  viewer: Viewer,
  event: ChatEvent,
): Promise<boolean> {
  const member = await firstRow(
    membership(deps.db).execute({ chatId: event.chatId, userId: viewer.id }),
  );
  if (!member) return false;
  switch (event.type) {
    case 'created':
      return event.chat.participants.includes(viewer.username);
    case 'newParticipant':
      return event.participants.includes(viewer.username);
    case 'newMessage':
      return event.message.id > member.joinedAfterId;
    case 'messageHidden':
      return event.messageId > member.joinedAfterId;
  }
}

// Read by chat.byId, which the original client's socket bridge asks for every listener of a chat's
// room on every message in it.
const chatParticipantNames = perDb((db) =>
  db
    .select({ username: users.username })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(eq(chatParticipants.chatId, sql.placeholder('chatId')))
    .orderBy(asc(chatParticipants.joinedAt), dialect.insertionOrder(chatParticipants))
    .prepare(),
);

// The chat and everyone in it, in the order they joined, in one statement: a chat read for a
// reader is checked and answered at once (chat.byId, the transcript after every REST message).
const chatWithParticipants = perDb((db) =>
  db
    .select({
      createdAt: chats.createdAt,
      userId: chatParticipants.userId,
      username: users.username,
    })
    .from(chats)
    .leftJoin(chatParticipants, eq(chatParticipants.chatId, chats.id))
    .leftJoin(users, eq(users.id, chatParticipants.userId))
    .where(eq(chats.id, sql.placeholder('chatId')))
    .orderBy(asc(chatParticipants.joinedAt), dialect.insertionOrder(chatParticipants))
    .prepare(),
);

/**
 * A chat's creation time and its participants' names, in the order they joined, for one of them:
 * NOT_FOUND for an unknown chat and FORBIDDEN for someone else's, as assertParticipant says.
 */
export async function readChatAs(
  db: Executor,
  chatId: number,
  userId: number,
): Promise<{ createdAt: Date; participants: string[] }> {
  const rows = await chatWithParticipants(db as Db).execute({ chatId });
  if (rows.length === 0) {
    throw new Refusal({ code: 'NOT_FOUND', message: messagingMessages.chatNotFound });
  }
  if (!rows.some((row) => row.userId === userId)) {
    throw new Refusal({ code: 'FORBIDDEN', message: messagingMessages.notParticipant });
  }
  return {
    createdAt: rows[0]!.createdAt,
    participants: rows.flatMap((row) => (row.username === null ? [] : [row.username])),
  };
}

/** A chat's participants' names, in the order they joined. */
export async function participantsOf(db: Executor, chatId: number): Promise<string[]> {
  return (await chatParticipantNames(db as Db).execute({ chatId })).map((row) => row.username);
}

/**
 * A user someone picked to chat with, by name (case does not count, as at sign-in): NOT_FOUND
 * unless they have an account.
 */
export async function findChatPartner(
  db: Executor,
  username: string,
): Promise<{ id: number; username: string }> {
  const user = await firstRow(
    db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt))),
  );
  if (!user) throw new Refusal({ code: 'NOT_FOUND', message: messagingMessages.userNotFound });
  return user;
}
