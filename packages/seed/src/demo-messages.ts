import {
  chatMessages,
  chatParticipants,
  chats,
  globalMessages,
  oneToOneKey,
  users,
  type Db,
} from '@app/db';
import { eq } from 'drizzle-orm';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type Who = 'alice' | 'bob' | 'carol';

/** The global chat room's opening conversation; `ago` is how long before the seed it was sent. */
const GLOBAL_MESSAGES: { by: Who; ago: number; msg: string }[] = [
  { by: 'alice', ago: 3 * HOUR, msg: 'Morning everyone! Anyone else fighting flaky tests today?' },
  {
    by: 'bob',
    ago: 3 * HOUR - 4 * MINUTE,
    msg: 'Always. Mine only fail on CI, never on my machine.',
  },
  {
    by: 'carol',
    ago: 3 * HOUR - 6 * MINUTE,
    msg: 'Timezones or test order, it is nearly always one of the two.',
  },
  { by: 'alice', ago: 2 * HOUR, msg: 'It was test order. Thanks Carol!' },
  { by: 'bob', ago: 20 * MINUTE, msg: 'Posted a React question about debouncing, ideas welcome.' },
];

/** A direct chat between bob and alice; alice has not read bob's last message yet. */
const DIRECT_MESSAGES: { by: Who; ago: number; msg: string }[] = [
  {
    by: 'bob',
    ago: 50 * MINUTE,
    msg: 'Hi Alice, could you look at my SQL before I open the pull request?',
  },
  { by: 'alice', ago: 45 * MINUTE, msg: 'Sure, send me the link.' },
  { by: 'bob', ago: 40 * MINUTE, msg: 'Here it is. The LEFT JOIN bit is the part I am unsure of.' },
];

/**
 * Gives the demo users a few global messages and one direct chat (bob and alice), so the messaging
 * screens are alive on first start. Each part is left alone when it is already there.
 */
export function seedDemoMessages(db: Db, now = Date.now()): void {
  const userRows = db.select({ id: users.id, username: users.username }).from(users).all();
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  const id = (who: Who) => {
    const found = userId.get(who);
    if (found === undefined) throw new Error(`demo user ${who} is missing`);
    return found;
  };
  db.transaction((tx) => {
    const anyGlobal = tx.select({ id: globalMessages.id }).from(globalMessages).limit(1).get();
    if (!anyGlobal) {
      tx.insert(globalMessages)
        .values(
          GLOBAL_MESSAGES.map((m) => ({
            msg: m.msg,
            msgFrom: id(m.by),
            msgDateTime: new Date(now - m.ago),
          })),
        )
        .run();
    }

    const [bob, alice] = [id('bob'), id('alice')];
    const pairKey = oneToOneKey(bob, alice);
    if (tx.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, pairKey)).get()) return;
    const createdAt = new Date(now - Math.max(...DIRECT_MESSAGES.map((m) => m.ago)) - MINUTE);
    const chatId = tx
      .insert(chats)
      .values({ createdAt, pairKey })
      .returning({ id: chats.id })
      .get().id;
    const sent = DIRECT_MESSAGES.map((m) => ({
      by: m.by,
      id: tx
        .insert(chatMessages)
        .values({ chatId, msg: m.msg, msgFrom: id(m.by), msgDateTime: new Date(now - m.ago) })
        .returning({ id: chatMessages.id })
        .get().id,
    }));
    // Each has read up to their own latest message.
    const lastReadBy = (who: Who) =>
      Math.max(0, ...sent.filter((m) => m.by === who).map((m) => m.id));
    tx.insert(chatParticipants)
      .values(
        (['bob', 'alice'] as const).map((who) => ({
          chatId,
          userId: id(who),
          joinedAt: createdAt,
          joinedAfterId: 0,
          lastReadId: lastReadBy(who),
        })),
      )
      .run();
  });
}
