import { ChatMessagePayload, CreateChatPayload, MESSAGES_PAGE_MAX } from '@app/validators';
import { Router } from 'express';
import { idOf, routesWith, type Caller, type RestDoor } from './adapter';
import { allMessages } from './messaging';
import { wireChat } from '../wire';

const chatMessages = (caller: Caller, chatId: number) =>
  allMessages((cursor) => caller.chat.messages({ chatId, cursor, limit: MESSAGES_PAGE_MAX }));

async function fullChat(caller: Caller, chatId: number) {
  const [chat, messages] = await Promise.all([
    caller.chat.byId({ chatId }),
    chatMessages(caller, chatId),
  ]);
  return wireChat(chat, messages);
}

/** /chat: direct-message chats, for their participants only. */
export function chatRoutes(door: RestDoor): Router {
  const router = Router();
  const route = routesWith(door);

  router.get(
    '/getChatsByUser/:username',
    route(async (req, _res, { caller, requireSelf }) => {
      await requireSelf(String(req.params.username));
      const chats = await caller.chat.list();
      return Promise.all(chats.map((chat) => fullChat(caller, chat.id)));
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
