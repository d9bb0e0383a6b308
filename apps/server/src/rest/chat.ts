import { MESSAGES_PAGE_MAX } from '@app/validators';
import { Router } from 'express';
import type { CreateRequestContext } from '../context';
import { idOf, objectOf, RestError, restRoute, textOf, type Caller } from './adapter';
import { allMessages } from './messaging';
import { wireChat } from './wire';

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
export function chatRoutes(createRequestContext: CreateRequestContext): Router {
  const router = Router();
  const route = (handler: Parameters<typeof restRoute>[1]) =>
    restRoute(createRequestContext, handler);

  router.get(
    '/getChatsByUser/:username',
    route(async (req, _res, { caller, requireSelf }) => {
      await requireSelf(String(req.params.username));
      const chats = await caller.chat.list();
      return Promise.all(chats.map((chat) => fullChat(caller, chat.id)));
    }),
  );

  // A chat with the other participants: one-to-one with the first, then the rest are added; the
  // messages the client sends along (normally none) are sent in order, as the signed-in user.
  router.post(
    '/createChat',
    route(async (req, _res, { caller, me }) => {
      const body = objectOf(req.body);
      const self = await me();
      const names = Array.isArray(body.participants) ? body.participants.map(textOf) : [];
      const others = [...new Set(names.filter((name) => name !== self))];
      const messages = Array.isArray(body.messages) ? body.messages : [];
      for (const message of messages)
        if (objectOf(message, 'A message').msgFrom !== self)
          throw new RestError(403, 'You can only act as yourself.');
      const { chat } = await caller.chat.create({ username: others[0] ?? '' });
      for (const username of others.slice(1))
        await caller.chat.addParticipant({ chatId: chat.id, username });
      for (const message of messages)
        await caller.chat.send({ chatId: chat.id, msg: textOf(objectOf(message).msg) });
      return fullChat(caller, chat.id);
    }),
  );

  router.get(
    '/:chatId',
    route(async (req, _res, { caller }) => fullChat(caller, idOf(req.params.chatId, 'chat ID'))),
  );

  router.post(
    '/:chatId/addMessage',
    route(async (req, _res, { caller, requireSelf }) => {
      const chatId = idOf(req.params.chatId, 'chat ID');
      const body = objectOf(req.body);
      await requireSelf(body.msgFrom);
      await caller.chat.send({ chatId, msg: textOf(body.msg) });
      return fullChat(caller, chatId);
    }),
  );

  return router;
}
