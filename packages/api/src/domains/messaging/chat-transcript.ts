import { chatMessages, users, type Db } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import { getChat } from './chat-list';
import { chatMessageRow } from './chat-messages';
import { shownTo } from './message-pages';
import type { ChatDetail, MessageView } from './shapes';

// Down chat_messages_chat (chat_id, id): the whole chat, oldest first.
const wholeChat = perDb((db) =>
  db
    .select(chatMessageRow)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.msgFrom))
    .where(eq(chatMessages.chatId, sql.placeholder('chatId')))
    .orderBy(asc(chatMessages.id))
    .prepare(),
);

/**
 * A chat with every message in it, oldest first, for its participants only: how the original
 * client reads a chat (it has no paging). The messages are the read cache's, kept up to date by the
 * chat's events; a message flags hid is left out, but for its sender, who sees it marked.
 */
export async function chatTranscript(
  deps: ApiDeps,
  viewer: Viewer,
  chatId: number,
): Promise<ChatDetail & { messages: MessageView[] }> {
  const chat = await getChat(deps, viewer, chatId);
  const { rows, shownToAll } = await deps.readCache.chatTranscripts.messages(chatId, async () =>
    (await wholeChat(deps.db as Db).execute({ chatId })).map(({ hiddenAt, ...message }) => ({
      message,
      hidden: hiddenAt !== null,
    })),
  );
  // Nothing hidden: everyone sees every message, copied whole (a chat answered after every message).
  if (shownToAll) return { ...chat, messages: shownToAll.slice() };
  const messages: MessageView[] = [];
  for (const { message, hidden } of rows) {
    const shown = shownTo(viewer.username, message, hidden);
    if (shown) messages.push(shown);
  }
  return { ...chat, messages };
}
