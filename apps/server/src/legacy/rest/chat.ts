import { ChatMessagePayload, CreateChatPayload } from '@app/validators';
import { Router } from 'express';
import { idOf, JsonText, routesWith, type Caller, type RestDoor } from './adapter';
import { wireChatJson, wireMessage, type MessageIn } from '../wire';
import { createJoinedJson } from './joined-json';

/**
 * Each kept message's JSON, made once: the read cache hands out the same frozen message for as long
 * as it keeps its chat, so a chat joined anew (another reader's, or after a change) writes only the
 * messages it has not met.
 */
const keptJson = new WeakMap<MessageIn, string>();
function messageJson(message: MessageIn): string {
  let json = keptJson.get(message);
  if (json === undefined) keptJson.set(message, (json = JSON.stringify(wireMessage(message))));
  return json;
}

const [OPEN, COMMA, CLOSE] = [Buffer.from('['), Buffer.from(','), Buffer.from(']')];

/** Each chat's messages joined as last answered: the next answer adds only its new messages. */
const messagesJson = createJoinedJson(messageJson);

/** A chat as the client reads it: every message, oldest first (it has no paging). */
async function chatJson(caller: Caller, chatId: number): Promise<Buffer[]> {
  const chat = await caller.chat.transcript({ chatId });
  return wireChatJson(chat, chat.messages, messagesJson);
}

const fullChat = async (caller: Caller, chatId: number) =>
  new JsonText(await chatJson(caller, chatId));

/** /chat: direct-message chats, for their participants only. */
export function chatRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  router.get(
    '/getChatsByUser/:username',
    route(async (req, _res, { caller, requireSelf }) => {
      await requireSelf(String(req.params.username));
      const chats = await caller.chat.list();
      const each = await Promise.all(chats.map((chat) => chatJson(caller, chat.id)));
      const list = each.flatMap((chat, i) => (i === 0 ? chat : [COMMA, ...chat]));
      return new JsonText([OPEN, ...list, CLOSE]);
    }),
  );

  // A chat with the other participants, as chat.create makes it: with one other person their
  // one-to-one chat, with more a new group chat. The messages the client sends along (normally none)
  // are sent in order, as the signed-in user.
  router.post(
    '/createChat',
    route(CreateChatPayload, async (_req, _res, { caller, me, requireSelf, body }) => {
      const self = (await me()).toLowerCase();
      for (const message of body.messages) await requireSelf(message.msgFrom);
      const [username = '', ...alsoWith] = body.participants.filter(
        (name) => name.toLowerCase() !== self,
      );
      const { chat } = await caller.chat.create({ username, alsoWith });
      for (const message of body.messages)
        await caller.chat.send({ chatId: chat.id, msg: message.msg });
      return fullChat(caller, chat.id);
    }),
  );

  router.get(
    '/:chatId',
    route(async (req, _res, { caller }) => fullChat(caller, idOf(req.params.chatId, 'chat ID'))),
  );

  router.post(
    '/:chatId/addMessage',
    route(ChatMessagePayload, async (req, _res, { caller, requireSelf, body }) => {
      const chatId = idOf(req.params.chatId, 'chat ID');
      await requireSelf(body.msgFrom);
      await caller.chat.send({ chatId, msg: body.msg });
      return fullChat(caller, chatId);
    }),
  );

  return router;
}
