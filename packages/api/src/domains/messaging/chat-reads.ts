import type { Db } from '@app/db';
import type { ApiDeps } from '../../core/deps';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { markChatNotificationsRead } from '../notifications/mark-read';
import { assertParticipant } from './chat-access';
import { latestMessageId, moveReadPosition } from './chat-messages';

/**
 * The viewer has read the chat: their read position moves to its newest message (never back), on
 * the server, so every device's unread count follows. The viewer's other devices hear of it through
 * an 'inbox' event keyed by their name, published only when the position moved.
 */
export async function markChatRead(
  deps: ApiDeps,
  viewer: Viewer,
  chatId: number,
): Promise<{ chatId: number; lastReadId: number; event: PublishedEvent<'inbox'> | null }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    const { lastReadId } = await assertParticipant(tx, chatId, viewer.id);
    await markChatNotificationsRead({ tx, now, publish }, viewer, chatId);
    const latest = await latestMessageId(tx, chatId);
    if (latest <= lastReadId) return { chatId, lastReadId, event: null };
    await moveReadPosition(tx as Db).execute({ lastReadId: latest, chatId, userId: viewer.id });
    const event = publish('inbox', viewer.username, { type: 'read', chatId, lastReadId: latest });
    return { chatId, lastReadId: latest, event };
  });
}
