import { GlobalMessagePayload, MESSAGES_PAGE_MAX } from '@app/validators';
import { Router } from 'express';
import { restRoute, type Caller, type RestDoor } from './adapter';
import { wireMessage, type MessageIn } from '../wire';

/** Every page of a conversation, oldest first (each page is oldest first; later pages are older). */
export async function allMessages(
  fetchPage: (cursor: string | null) => Promise<{ items: MessageIn[]; nextCursor: string | null }>,
): Promise<MessageIn[]> {
  const pages: MessageIn[][] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchPage(cursor);
    pages.unshift(page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pages.flat();
}

const globalMessages = (caller: Caller) =>
  allMessages((cursor) => caller.message.list({ cursor, limit: MESSAGES_PAGE_MAX }));

/** /messaging: the global chat room. */
export function messagingRoutes(door: RestDoor): Router {
  const router = Router();
  router.get(
    '/getMessages',
    restRoute(door, async (_req, _res, { caller }) =>
      (await globalMessages(caller)).map(wireMessage),
    ),
  );
  router.post(
    '/addMessage',
    restRoute(door, GlobalMessagePayload, async (_req, _res, tools) => {
      const { caller, requireSelf, body } = tools;
      await requireSelf(body.messageToAdd.msgFrom);
      const { message: sent } = await caller.message.send({ msg: body.messageToAdd.msg });
      return wireMessage(sent);
    }),
  );
  return router;
}
