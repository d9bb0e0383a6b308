import { chatMessages, firstRow, globalMessages, type Db, type Executor } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import type { MessageView } from './shapes';

// A send that timed out on the sender's side may still have been posted (the server was slow, not
// gone): the device sends it again with the same key, and the message posted first is the answer.
// (sender, key) is unique in each table, so two sends racing with one key cannot both post.

// Every keyed send looks first: one seek down each table's (sender, key) index, built once.
const globalSentWith = perDb((db) =>
  db
    .select({
      id: globalMessages.id,
      msg: globalMessages.msg,
      msgDateTime: globalMessages.msgDateTime,
    })
    .from(globalMessages)
    .where(
      and(
        eq(globalMessages.msgFrom, sql.placeholder('msgFrom')),
        eq(globalMessages.sendKey, sql.placeholder('sendKey')),
      ),
    )
    .prepare(),
);

const chatSentWith = perDb((db) =>
  db
    .select({
      id: chatMessages.id,
      msg: chatMessages.msg,
      msgDateTime: chatMessages.msgDateTime,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.msgFrom, sql.placeholder('msgFrom')),
        eq(chatMessages.sendKey, sql.placeholder('sendKey')),
        eq(chatMessages.chatId, sql.placeholder('chatId')),
      ),
    )
    .prepare(),
);

/** The viewer's global message sent with this key, if there is one. */
export async function globalMessageSentWith(
  db: Executor,
  viewer: Viewer,
  sendKey: string,
): Promise<MessageView | null> {
  const row = await firstRow(globalSentWith(db as Db).execute({ msgFrom: viewer.id, sendKey }));
  return row ? { ...row, msgFrom: viewer.username } : null;
}

/** The viewer's message in this chat sent with this key, if there is one. */
export async function chatMessageSentWith(
  db: Executor,
  viewer: Viewer,
  chatId: number,
  sendKey: string,
): Promise<MessageView | null> {
  const row = await firstRow(
    chatSentWith(db as Db).execute({ msgFrom: viewer.id, sendKey, chatId }),
  );
  return row ? { ...row, msgFrom: viewer.username } : null;
}
