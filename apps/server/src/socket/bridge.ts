import { appRouter, type BusEvent, type ChatEvent } from '@app/api';
import type { Server as SocketServer, Socket } from 'socket.io';
import {
  anonymousContext,
  chatRoom,
  gameRoom,
  PUBLIC_ROOM,
  SIGNED_IN_ROOM,
  socketContext,
  type SocketData,
  type SocketOptions,
} from './index';
import {
  userUpdate,
  voteProblemUpdate,
  voteUpdate,
  wireAnswer,
  wireChat,
  wireGame,
  wireMessage,
  wireQuestion,
  wireTestResult,
} from './wire';

type RemoteSocket = Awaited<ReturnType<SocketServer['fetchSockets']>>[number];

const report = (error: unknown) => console.error('socket.io bridge:', error);

/**
 * The event bus to §7's received events: one subscription per topic for the whole process, each
 * event handed to the sockets that may hear it. Resolves to the unsubscribe.
 */
export async function bridgeEvents(
  io: SocketServer,
  { deps, createRequestContext }: SocketOptions,
): Promise<() => void> {
  const api = () => appRouter.createCaller(anonymousContext(deps));
  const callerOf = async (socket: RemoteSocket) =>
    appRouter.createCaller(
      await socketContext(createRequestContext, (socket as unknown as Socket).request),
    );
  const handle =
    <T>(fn: (event: T) => Promise<void> | void) =>
    (event: T) => {
      Promise.resolve()
        .then(() => fn(event))
        .catch(report);
    };

  const questionEvent = handle(async ({ payload: event }: BusEvent<'question'>) => {
    const room = io.to(PUBLIC_ROOM);
    switch (event.type) {
      case 'answered':
        room.emit('answerUpdate', { qid: String(event.qid), answer: wireAnswer(event.answer) });
        return;
      case 'voted':
        room.emit('voteUpdate', voteUpdate(event.qid, event.upVotes, event.downVotes));
        return;
      case 'created':
      case 'viewed':
      case 'commented': {
        const question = await api().question.byId({ qid: event.qid });
        if (event.type === 'created') room.emit('questionUpdate', wireQuestion(question));
        else if (event.type === 'viewed') room.emit('viewsUpdate', wireQuestion(question));
        else {
          // The original client replaces the commented thing's comments with result.comments.
          const { parent } = event;
          const answer = question.answers.find((candidate) => candidate.id === parent.id);
          const result =
            parent.type === 'question' ? wireQuestion(question) : answer && wireAnswer(answer);
          if (result) room.emit('commentUpdate', { result, type: parent.type });
          else report(`comment ${event.comment.id} has no parent to send`);
        }
      }
    }
  });

  const chatEvent = handle(async ({ payload: event }: BusEvent<'chat'>) => {
    const sockets = await io.in(chatRoom(event.chatId)).fetchSockets();
    const receivers: RemoteSocket[] = [];
    const callers: Awaited<ReturnType<typeof callerOf>>[] = [];
    for (const socket of sockets) {
      const username = (socket.data as SocketData).username;
      if (!username || !mayHear(event, username)) continue;
      // A participant now, by the session as it is now (chat.byId refuses anyone else).
      const caller = await callerOf(socket);
      const ok = await caller.chat.byId({ chatId: event.chatId }).then(
        () => true,
        () => false,
      );
      if (!ok) continue;
      receivers.push(socket);
      callers.push(caller);
    }
    if (!receivers.length || !callers[0]) return;
    const page = await callers[0].chat.messages({ chatId: event.chatId });
    const messages = [...page.items].sort((a, b) => a.id - b.id);
    const participants =
      event.type === 'created'
        ? event.chat.participants
        : event.type === 'newParticipant'
          ? event.participants
          : (await callers[0].chat.byId({ chatId: event.chatId })).participants;
    const chat = wireChat({ id: event.chatId, participants }, messages);
    for (const socket of receivers) socket.emit('chatUpdate', { chat, type: event.type });
  });

  const gameEvent = handle(async ({ payload: event }: BusEvent<'game'>) => {
    if (event.type === 'state') {
      io.to(gameRoom(event.game.id)).emit('gameUpdate', { gameInstance: wireGame(event.game) });
      return;
    }
    if (event.type !== 'testResults') return;
    // Test results are the players' own (the tRPC room stream's rule).
    const results = event.results.map(wireTestResult);
    for (const remote of await io.in(gameRoom(event.gameId)).fetchSockets()) {
      const username = (remote.data as SocketData).username;
      if (!username) continue;
      const game = await (await callerOf(remote)).game.byId({ id: event.gameId }).catch(() => null);
      if (game?.players.includes(username)) remote.emit('codeResults', { results });
    }
  });

  const unsubscribes = await Promise.all([
    deps.events.subscribe('question', null, questionEvent),
    deps.events.subscribe('chat', null, chatEvent),
    deps.events.subscribe('game', null, gameEvent),
    deps.events.subscribe(
      'message',
      null,
      handle(({ payload }: BusEvent<'message'>) => {
        io.to(SIGNED_IN_ROOM).emit('messageUpdate', { msg: wireMessage(payload.message) });
      }),
    ),
    deps.events.subscribe(
      'user',
      null,
      handle(({ payload }: BusEvent<'user'>) => {
        io.to(SIGNED_IN_ROOM).emit('userUpdate', userUpdate(payload));
      }),
    ),
    deps.events.subscribe(
      'problem',
      null,
      handle(({ payload: event }: BusEvent<'problem'>) => {
        if (event.type !== 'voted') return;
        io.to(SIGNED_IN_ROOM).emit(
          'voteProblemUpdate',
          voteProblemUpdate(event.problemId, event.upVotes, event.downVotes),
        );
      }),
    ),
  ]);
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}

/** The event itself must name the user for created and newParticipant (chat-access's mayReceive). */
function mayHear(event: ChatEvent, username: string): boolean {
  if (event.type === 'created') return event.chat.participants.includes(username);
  if (event.type === 'newParticipant') return event.participants.includes(username);
  return true;
}
