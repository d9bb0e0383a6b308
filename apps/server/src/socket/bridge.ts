import { appRouter, codeText, type BusEvent, type GameEvent, type GameView } from '@app/api';
import { log } from '../log';
import { createCodeUpdates } from './code-updates';
import { chatRoom, gameRoom, playersRoom, PUBLIC_ROOM, SIGNED_IN_ROOM, userRoom } from './rooms';
import {
  anonymousContext,
  socketContext,
  type IoServer,
  type IoSocket,
  type SocketOptions,
} from './socket-context';
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

type RemoteSocket = Awaited<ReturnType<IoServer['fetchSockets']>>[number];
type Caller = ReturnType<typeof appRouter.createCaller>;

const report = (error: unknown) => log.error({ err: error }, 'socket.io bridge failed');
const usernameOf = (socket: RemoteSocket) => socket.data.username ?? null;

export interface Bridge {
  /** The code change published as `eventId` came from this socket's makeMove (no echo to it). */
  movedBy(eventId: string, socketId: string): void;
  close(): void;
}

/**
 * The event bus to §7's received events: one subscription per topic for the whole process, each
 * event handed to the sockets that may hear it.
 */
export async function bridgeEvents(io: IoServer, { deps }: SocketOptions): Promise<Bridge> {
  const api = () => appRouter.createCaller(anonymousContext(deps));
  // With the session the socket has now. fetchSockets() answers this process's own sockets (the
  // in-memory adapter): a socket of another process would need its session sent along.
  const callerOf = async (socket: RemoteSocket): Promise<Caller> =>
    appRouter.createCaller(socketContext(deps, socket as unknown as IoSocket));
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
    // A new message goes to the chat's room. A new chat or a new participant changes the
    // participants' chat lists wherever they are: nobody can have joined a chat's room before the
    // chat existed, or before being in it, so those go to the rooms of the users it names.
    // Broadcasts to rooms, so that a socket cut for a moment gets them on its return (recovery.ts).
    const rooms =
      event.type === 'newMessage'
        ? [chatRoom(event.chatId)]
        : (event.type === 'created' ? event.chat.participants : event.participants).map(userRoom);
    const sockets = await io.in(rooms).fetchSockets();
    // A participant now, by the session as it is now (chat.byId refuses anyone else).
    const checked = await Promise.all(
      sockets.map(async (socket) => {
        if (usernameOf(socket) === null) return { socket, receiver: null };
        const caller = await callerOf(socket);
        const chat = await caller.chat.byId({ chatId: event.chatId }).catch(() => null);
        return { socket, receiver: chat ? { caller, chat } : null };
      }),
    );
    // The chat is read with the session of a socket that may read it; a new chat is in the event
    // itself, so it reaches its participants' cut sockets even when none of theirs is live. (A
    // message or a participant reaches the cut sockets when one socket of the chat is live.)
    const first = checked.find((entry) => entry.receiver !== null)?.receiver;
    let chat: ReturnType<typeof wireChat>;
    if (first) {
      const page = await first.caller.chat.messages({ chatId: event.chatId });
      const messages = [...page.items].sort((a, b) => a.id - b.id);
      const participants =
        event.type === 'created'
          ? event.chat.participants
          : event.type === 'newParticipant'
            ? event.participants
            : first.chat.participants;
      const { createdAt } = first.chat;
      chat = wireChat({ id: event.chatId, participants, createdAt }, messages);
    } else if (event.type === 'created') chat = wireChat(event.chat, []);
    else return;
    const refused = checked
      .filter((entry) => entry.receiver === null)
      .map(({ socket }) => socket.id);
    io.to(rooms).except(refused).emit('chatUpdate', { chat, type: event.type });
  });

  /**
   * The sockets in a game's room whose user plays it now, each with its caller: code and test
   * results are the players' own (the tRPC room stream's rule), checked by the session as it is now.
   */
  const playersInRoom = async (gameId: string, sockets?: RemoteSocket[]) => {
    const inRoom = sockets ?? (await io.in(gameRoom(gameId)).fetchSockets());
    const checked = await Promise.all(
      inRoom.map(async (socket) => {
        const username = usernameOf(socket);
        if (!username) return null;
        const caller = await callerOf(socket);
        const game = await caller.game.byId({ id: gameId }).catch(() => null);
        return game?.players.includes(username) ? { socket, caller } : null;
      }),
    );
    return checked.filter((player) => player !== null);
  };
  // codeState is the players-only read of the whole document.
  const currentCode = async (caller: Caller, gameId: string) =>
    codeText((await caller.game.codeState({ id: gameId })).update);

  /**
   * Puts the game room's sockets whose user plays it now in its players' room, and the others out;
   * answers those players. Code and results go to that room as broadcasts, so that a player's
   * socket cut for a moment gets them on its return (recovery.ts) and a watcher's never does.
   */
  const sortPlayers = async (gameId: string, sockets?: RemoteSocket[]) => {
    const inRoom = sockets ?? (await io.in(gameRoom(gameId)).fetchSockets());
    const players = await playersInRoom(gameId, inRoom);
    const playing = new Set(players.map(({ socket }) => socket.id));
    for (const socket of inRoom) {
      if (playing.has(socket.id)) socket.join(playersRoom(gameId));
      else socket.leave(playersRoom(gameId));
    }
    return players;
  };

  /** The game as it is now with its current text, to the room's players (but `skip`). */
  const sendCode = async (gameId: string, skip: string | null) => {
    const [first] = await sortPlayers(gameId);
    if (!first) return;
    const [game, code] = await Promise.all([
      first.caller.game.byId({ id: gameId }),
      currentCode(first.caller, gameId),
    ]);
    const update = { gameInstance: wireGame(game, code) };
    io.to(playersRoom(gameId))
      .except(skip ?? [])
      .emit('gameUpdate', update);
  };

  /**
   * A CollabCode game's new state to its room. The original client sets its editor to
   * state.currentCode on every gameUpdate, so players get the current text with it; watchers get
   * the state alone, as the tRPC room stream gives them.
   */
  const sendCollabState = async (game: GameView) => {
    const [first] = await sortPlayers(game.id);
    const toWatchers = { gameInstance: wireGame(game) };
    if (!first) return void io.to(gameRoom(game.id)).emit('gameUpdate', toWatchers);
    const toPlayers = { gameInstance: wireGame(game, await currentCode(first.caller, game.id)) };
    io.to(playersRoom(game.id)).emit('gameUpdate', toPlayers);
    io.to(gameRoom(game.id)).except(playersRoom(game.id)).emit('gameUpdate', toWatchers);
  };

  const codeUpdates = createCodeUpdates({ flush: sendCode, onError: report });

  const sendResults = async (event: Extract<GameEvent, { type: 'testResults' }>) => {
    const results = event.results.map(wireTestResult);
    await sortPlayers(event.gameId);
    io.to(playersRoom(event.gameId)).emit('codeResults', { results });
  };

  const gameEvent = handle(async ({ id, payload: event }: BusEvent<'game'>) => {
    switch (event.type) {
      case 'codeUpdate':
        codeUpdates.changed(event.gameId, id);
        return;
      case 'testResults':
        await sendResults(event);
        return;
      case 'state':
        if (event.game.gameType === 'Nim') {
          io.to(gameRoom(event.game.id)).emit('gameUpdate', { gameInstance: wireGame(event.game) });
        } else {
          // In order with the game's code sends.
          const { game } = event;
          codeUpdates.run(game.id, () => sendCollabState(game));
        }
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
  return {
    movedBy: (eventId, socketId) => codeUpdates.movedBy(eventId, socketId),
    close() {
      codeUpdates.close();
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}
