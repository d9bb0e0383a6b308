import { firstRow, globalMessages, users, type Db } from '@app/db';
import {
  messagingMessages,
  type GlobalMessagesInput,
  type SendGlobalMessageInput,
} from '@app/validators';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import { perDb } from '../../core/prepared';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { pageBounds, toPage, visiblePage } from './message-pages';
import { withinMessageLimit } from './message-rate-limit';
import { globalMessageSentWith } from './send-keys';
import type { MessagePage, MessageView } from './shapes';

/** The one room's key in the 'message' topic. */
const ROOM = 'global';

// Down the primary key from the cursor (no index leads from a sender to their messages).
export const globalPageStatement = perDb((db) =>
  db
    .select({
      id: globalMessages.id,
      msg: globalMessages.msg,
      msgFrom: users.username,
      msgDateTime: globalMessages.msgDateTime,
      hiddenAt: globalMessages.hiddenAt,
    })
    .from(globalMessages)
    .innerJoin(users, eq(users.id, globalMessages.msgFrom))
    .where(lt(globalMessages.id, sql.placeholder('before')))
    .orderBy(desc(globalMessages.id))
    .limit(sql.placeholder('rows'))
    .prepare(),
);

// A send's one write, built once per connection (perDb), run on the writer's.
const insertMessage = perDb((db) =>
  db
    .insert(globalMessages)
    .values({
      msg: sql.placeholder('msg'),
      msgFrom: sql.placeholder('msgFrom'),
      msgDateTime: sql.placeholder('msgDateTime'),
      sendKey: sql.placeholder('sendKey'),
    })
    .onConflictDoNothing()
    .returning({ id: globalMessages.id })
    .prepare(),
);

/** The global chat room, a page at a time: the latest on open, older ones before `cursor`. */
export async function listGlobalMessages(
  { db }: ApiDeps,
  viewer: Viewer,
  input: GlobalMessagesInput,
): Promise<MessagePage> {
  return visiblePage(
    toPage(await globalPageStatement(db).execute(pageBounds(input)), input.limit),
    viewer.username,
  );
}

/**
 * Posts to the global chat room as the viewer, now — unless the viewer's device sent this message
 * before (the same key): then that message is the answer, and nothing is posted or published.
 */
export async function sendGlobalMessageOnce(
  deps: ApiDeps,
  viewer: Viewer,
  input: SendGlobalMessageInput,
): Promise<{ message: MessageView; event: PublishedEvent<'message'> | null }> {
  const sent = input.sendKey ? await globalMessageSentWith(deps.db, viewer, input.sendKey) : null;
  return sent ? { message: sent, event: null } : sendGlobalMessage(deps, viewer, input);
}

/** Posts to the global chat room as the viewer, now. */
export async function sendGlobalMessage(
  deps: ApiDeps,
  viewer: Viewer,
  input: SendGlobalMessageInput,
): Promise<{ message: MessageView; event: PublishedEvent<'message'> }> {
  return withinMessageLimit(deps, viewer, () =>
    writeTransaction(deps, async ({ tx, now, publish }) => {
      const row = await firstRow(
        insertMessage(tx as Db).execute({
          msg: input.msg,
          msgFrom: viewer.id,
          msgDateTime: now,
          sendKey: input.sendKey ?? null,
        }),
      );
      // Only a send with the same key racing this one can take its place.
      if (!row) throw new Refusal({ code: 'CONFLICT', message: messagingMessages.sentAlready });
      const message: MessageView = {
        id: row.id,
        msg: input.msg,
        msgFrom: viewer.username,
        msgDateTime: now,
      };
      return { message, event: publish('message', ROOM, { type: 'newMessage', message }) };
    }),
  );
}
