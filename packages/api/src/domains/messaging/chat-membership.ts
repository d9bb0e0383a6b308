import { firstRow, chatParticipants, chats, oneToOneKey, type Executor } from '@app/db';
import { CreateChatInput, messagingMessages, type AddParticipantInput } from '@app/validators';
import { and, eq } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { Refusal } from '../../core/errors';
import type { PublishedEvent } from '../../core/topics';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import type { Allowance } from '../../core/write-limits';
import { assertParticipant, findChatPartner, participantsOf } from './chat-access';
import { chatSummary } from './chat-list';
import { latestMessageId } from './chat-messages';
import type { ChatDetail, ChatSummary } from './shapes';

type CreateChatResult =
  | { chat: ChatSummary; created: false; event: null }
  | { chat: ChatSummary; created: true; event: PublishedEvent<'chat'> };

/** Everyone a group create adds besides its first person counts as adding them to a chat. */
export const groupInvitees: Allowance = {
  kind: 'chatParticipants',
  cost(_deps, rawInput) {
    const parsed = CreateChatInput.safeParse(rawInput);
    return parsed.success ? (parsed.data.alsoWith?.length ?? 0) : 0;
  },
};

/**
 * The people a create names besides the viewer, each once (names match ignoring case): NOT_FOUND
 * for someone without an account, BAD_REQUEST for the viewer themselves.
 */
async function othersOf(tx: Executor, viewer: Viewer, input: CreateChatInput) {
  const others = new Map<number, { id: number; username: string }>();
  for (const name of [input.username, ...(input.alsoWith ?? [])]) {
    const other = await findChatPartner(tx, name);
    if (other.id === viewer.id) {
      throw new Refusal({ code: 'BAD_REQUEST', message: messagingMessages.chatWithYourself });
    }
    others.set(other.id, other);
  }
  return [...others.values()];
}

/**
 * A chat between the viewer and the people named. With one other person it is their one-to-one
 * chat: two people have at most one (the pair key is unique, and the look-up and insert share one
 * IMMEDIATE transaction), so asking again, from either side, returns the existing chat with
 * `created: false` and no event. With two or more it is always a new group chat: an existing chat
 * never gains members here (only through addParticipant, which its participants see), so nobody
 * reads a conversation they were not part of by being named in a create.
 */
export async function createChat(
  deps: ApiDeps,
  viewer: Viewer,
  input: CreateChatInput,
): Promise<CreateChatResult> {
  return writeTransaction(deps, async ({ tx, now, publish }): Promise<CreateChatResult> => {
    const others = await othersOf(tx, viewer, input);
    const pair = others.length === 1 ? others[0] : undefined;
    const key = pair ? oneToOneKey(viewer.id, pair.id) : null;
    const existingChat = async (pairKey: string) => {
      const existing = await firstRow(
        tx.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, pairKey)),
      );
      return (
        existing && {
          chat: await chatSummary(tx, viewer.id, existing.id),
          created: false as const,
          event: null,
        }
      );
    };
    if (key !== null) {
      const existing = await existingChat(key);
      if (existing) return existing;
    }

    // Two people creating their chat at the same moment (on PostgreSQL, side by side): the second
    // insert waits for the first's commit, then finds the pair taken and answers that chat.
    const made = await firstRow(
      tx
        .insert(chats)
        .values({ createdAt: now, pairKey: key })
        .onConflictDoNothing()
        .returning({ id: chats.id }),
    );
    if (!made) {
      const existing = key === null ? undefined : await existingChat(key);
      if (!existing) throw new Error('a chat could not be made, and none was there');
      return existing;
    }
    const { id } = made;
    // The creator first, then the others as named; nobody has anything to read yet.
    const people = [{ id: viewer.id, username: viewer.username }, ...others];
    await tx.insert(chatParticipants).values(
      people.map((person) => ({
        chatId: id,
        userId: person.id,
        joinedAt: now,
        joinedAfterId: 0,
        lastReadId: 0,
      })),
    );
    const chat: ChatDetail = {
      id,
      participants: people.map((person) => person.username),
      createdAt: now,
    };
    const event = publish('chat', id, { type: 'created', chatId: id, chat, lastActivityAt: now });
    return {
      chat: { ...chat, lastMessage: null, lastActivityAt: now, latestMessageId: 0, unread: 0 },
      created: true,
      event,
    };
  });
}

/**
 * A participant adds another user to the chat. From then on the new participant sees the chat, its
 * history (unread until they open it) and its live events. A chat of three or more is nobody's
 * one-to-one chat any more: a later create between two of them starts a new one.
 */
export async function addParticipant(
  deps: ApiDeps,
  viewer: Viewer,
  input: AddParticipantInput,
): Promise<{ participants: string[]; event: PublishedEvent<'chat'> }> {
  return writeTransaction(deps, async ({ tx, now, publish }) => {
    await assertParticipant(tx, input.chatId, viewer.id);
    const user = await findChatPartner(tx, input.username);
    const already = await firstRow(
      tx
        .select({ userId: chatParticipants.userId })
        .from(chatParticipants)
        .where(
          and(eq(chatParticipants.chatId, input.chatId), eq(chatParticipants.userId, user.id)),
        ),
    );
    if (already) {
      throw new Refusal({ code: 'CONFLICT', message: messagingMessages.alreadyParticipant });
    }
    const newest = await latestMessageId(tx, input.chatId);
    await tx.insert(chatParticipants).values({
      chatId: input.chatId,
      userId: user.id,
      joinedAt: now,
      joinedAfterId: newest,
      lastReadId: 0,
    });
    // Three or more: no longer the one-to-one chat of any pair.
    await tx.update(chats).set({ pairKey: null }).where(eq(chats.id, input.chatId));
    const participants = await participantsOf(tx, input.chatId);
    const event = publish('chat', input.chatId, {
      type: 'newParticipant',
      chatId: input.chatId,
      username: user.username,
      participants,
    });
    return { participants, event };
  });
}
