import {
  appRouter,
  codeText,
  findSessionUser,
  type BusEvent,
  type GameEvent,
  type GameView,
  type Topic,
} from '@app/api';
import { events as eventsTable } from '@app/db';
import { max } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createCodeUpdates } from './code-updates';
import {
  CATCH_UP_MS,
  REPLAY_EVENT_LIMIT,
  REPLAY_PACKET_LIMIT,
  type MissedPacket,
} from './recovery-limits';
import { chatRoom, gameRoom, playersRoom, PUBLIC_ROOM, SIGNED_IN_ROOM, userRoom } from './rooms';
import type { CutSession } from './session-store';
import {
  anonymousContext,
  sessionContext,
  type IoServer,
  type SocketData,
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
} from '../wire';

type Caller = ReturnType<typeof appRouter.createCaller>;
type Question = Awaited<ReturnType<Caller['question']['byId']>>;

/** Whoever may hear an event: a socket of this process, or a cut socket being restored. */
interface Listener {
  id: string;
  data: SocketData;
  join(room: string): void;
  leave(room: string): void;
}

/**
 * Where an event's packets go: this process's sockets (live), or the one cut socket whose missed
 * packets are being rebuilt from the outbox (replay). The handlers below serve both alike.
 */
interface Delivery {
  /** The listeners in any of these rooms. */
  in(rooms: string[]): Promise<Listener[]>;
  /** To the listeners in any of `rooms`, but those in `except` (rooms, or listeners' ids). */
  emit(rooms: string[], except: string[], event: string, payload: unknown): void;
  /** A question page as it is now (a replay reads each once). */
  question(qid: number): Promise<Question>;
  /** Whether any listener is in one of these rooms: nothing is read or sent for nobody. */
  heard(rooms: string[]): boolean;
}

export interface Bridge {
  /** The code change published as `eventId` came from this socket's makeMove (no echo to it). */
  movedBy(eventId: string, socketId: string): void;
  /**
   * The offset a packet sent now carries (recovery.ts): the id of the event being handled, else
   * the newest id every handler has finished with.
   */
  offsetNow(): string;
  /**
   * Sends in turn with the events, with the offset of the last one handled: so a socket never hears
   * an offset older than one it has heard already (RECOVERY_MARK).
   */
  send(emit: () => void): void;
  /** The games among these rooms whose code changed and has not been sent yet. */
  pendingCode(rooms: readonly string[]): string[];
  /**
   * The packets a cut socket missed after `offset`, rebuilt from the outbox, or null when they
   * cannot be (too many, too old, its session ended). Live delivery waits meanwhile and resumes
   * once the restored socket is in its rooms, so each event reaches it once.
   */
  replay(session: CutSession, offset: string): Promise<MissedPacket[] | null>;
  close(): void;
}

const FOLLOWED = ['question', 'chat', 'game', 'message', 'user', 'problem', 'account'] as const;
type Followed = (typeof FOLLOWED)[number];

/**
 * The event bus to §7's received events: one subscription per topic for the whole process, each
 * event handed to the sockets that may hear it. Events are handled one after another in id order
 * (the bus delivers them so), so that the offsets the sockets hear only grow: a socket that heard
 * offset N has heard every packet meant for it up to event N (recovery.ts).
 */
export async function bridgeEvents(
  io: IoServer,
  { deps, log }: Pick<SocketOptions, 'deps' | 'log'>,
): Promise<Bridge> {
  const report = (error: unknown) => log.error({ err: error }, 'socket.io bridge failed');
  const { isAfter } = deps.events;
  const api = () => appRouter.createCaller(anonymousContext(deps));
  // With the session the listener has now.
  const callerOf = (listener: Listener): Caller =>
    appRouter.createCaller(sessionContext(deps, listener.data.sessionId));
  const usernameOf = (listener: Listener) => listener.data.username ?? null;

  // The newest event id whose handling is over: before the first, the newest stored one (the bus
  // delivers only what comes after the subscriptions below).
  const [newest] = await deps.db.select({ id: max(eventsTable.id) }).from(eventsTable);
  let handled = String(newest?.id ?? 0);
  const offsets = new AsyncLocalStorage<string>();
  let tail: Promise<unknown> = Promise.resolve();
  /** Runs after everything queued before it: every emit of the bridge goes through here. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => {});
    return run;
  };
  const catchUps = new Set<{ id: string; done: () => void }>();
  const finished = (id: string) => {
    if (isAfter(id, handled)) handled = id;
    for (const waiter of catchUps) if (!isAfter(waiter.id, handled)) waiter.done();
  };

  const live: Delivery = {
    async in(rooms) {
      const sockets = await io.in(rooms).fetchSockets();
      return sockets.map((socket) => ({
        id: socket.id,
        data: socket.data,
        join: (room) => socket.join(room),
        leave: (room) => socket.leave(room),
      }));
    },
    emit(rooms, except, event, payload) {
      if (live.heard(rooms)) io.to(rooms).except(except).emit(event, payload);
    },
    question: (qid) => api().question.byId({ qid }),
    // This process's own sockets: each process emits to its own (no adapter spreads emits).
    heard: (rooms) => rooms.some((room) => (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0),
  };

  async function questionEvent({ payload: event }: BusEvent<'question'>, to: Delivery) {
    const rooms = [PUBLIC_ROOM];
    // Most of these read the whole question again: not for a room nobody is in.
    if (!to.heard(rooms)) return;
    switch (event.type) {
      case 'answered':
        to.emit(rooms, [], 'answerUpdate', {
          qid: String(event.qid),
          answer: wireAnswer(event.answer),
        });
        return;
      case 'voted':
        to.emit(rooms, [], 'voteUpdate', voteUpdate(event.qid, event.upVotes, event.downVotes));
        return;
      case 'visibility':
        // The original client has no word for a removed question: its lists lose it on the next
        // read. What is left of a question shown to everyone is sent as for any other change.
        if (event.post.type === 'question') return;
        if (event.post.type === 'answer' || !event.parent) {
          const question = await to.question(event.qid).catch(() => null);
          if (question) to.emit(rooms, [], 'questionUpdate', wireQuestion(question));
          return;
        }
        await commentUpdate(event.qid, event.parent, to);
        return;
      case 'commentEdited':
        await commentUpdate(event.qid, event.parent, to);
        return;
      case 'created':
      case 'viewed':
      case 'commented': {
        const question = await to.question(event.qid);
        if (event.type === 'created') to.emit(rooms, [], 'questionUpdate', wireQuestion(question));
        else if (event.type === 'viewed') to.emit(rooms, [], 'viewsUpdate', wireQuestion(question));
        else {
          // The original client replaces the commented thing's comments with result.comments.
          const { parent } = event;
          const answer = question.answers.find((candidate) => candidate.id === parent.id);
          const result =
            parent.type === 'question' ? wireQuestion(question) : answer && wireAnswer(answer);
          if (result) to.emit(rooms, [], 'commentUpdate', { result, type: parent.type });
          else report(`comment ${event.comment.id} has no parent to send`);
        }
      }
    }
  }

  /** The commented thing's comments as everyone sees them now, which the original client replaces. */
  async function commentUpdate(
    qid: number,
    parent: { type: 'question' | 'answer'; id: number },
    to: Delivery,
  ) {
    const question = await to.question(qid).catch(() => null);
    if (!question) return;
    const answer = question.answers.find((candidate) => candidate.id === parent.id);
    const result =
      parent.type === 'question' ? wireQuestion(question) : answer && wireAnswer(answer);
    if (result) to.emit([PUBLIC_ROOM], [], 'commentUpdate', { result, type: parent.type });
  }

  async function chatEvent({ payload: event }: BusEvent<'chat'>, to: Delivery) {
    // A new message goes to the chat's room. A new chat or a new participant changes the
    // participants' chat lists wherever they are: nobody can have joined a chat's room before the
    // chat existed, or before being in it, so those go to the rooms of the users it names.
    // Broadcasts to rooms, so that a socket cut for a moment gets them on its return (recovery.ts).
    // A hidden message has no update type in §4: the original client no longer gets it on its
    // next read.
    if (event.type === 'messageHidden') return;
    const rooms =
      event.type === 'newMessage'
        ? [chatRoom(event.chatId)]
        : (event.type === 'created' ? event.chat.participants : event.participants).map(userRoom);
    const listeners = await to.in(rooms);
    // A participant now, by the session as it is now (chat.byId refuses anyone else).
    const checked = await Promise.all(
      listeners.map(async (listener) => {
        if (usernameOf(listener) === null) return { listener, receiver: null };
        const caller = callerOf(listener);
        const chat = await caller.chat.byId({ chatId: event.chatId }).catch(() => null);
        return { listener, receiver: chat ? { caller, chat } : null };
      }),
    );
    // The chat is read with the session of a listener that may read it; a new chat is in the
    // event itself, so it reaches its participants' cut sockets even when none of theirs is live.
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
      .map(({ listener }) => listener.id);
    to.emit(rooms, refused, 'chatUpdate', { chat, type: event.type });
  }

  /**
   * The listeners in a game's room whose user plays it now, each with its caller: code and test
   * results are the players' own (the tRPC room stream's rule), checked by the session as it is now.
   */
  const playersInRoom = async (gameId: string, inRoom: Listener[]) => {
    const checked = await Promise.all(
      inRoom.map(async (listener) => {
        const username = usernameOf(listener);
        if (!username) return null;
        const caller = callerOf(listener);
        const game = await caller.game.byId({ id: gameId }).catch(() => null);
        return game?.players.includes(username) ? { listener, caller } : null;
      }),
    );
    return checked.filter((player) => player !== null);
  };
  // codeState is the players-only read of the whole document.
  const currentCode = async (caller: Caller, gameId: string) =>
    codeText((await caller.game.codeState({ id: gameId })).update);

  /**
   * Puts the game room's listeners whose user plays it now in its players' room, and the others
   * out; answers those players. Code and results go to that room as broadcasts, so that a player's
   * socket cut for a moment gets them on its return (recovery.ts) and a watcher's never does.
   */
  const sortPlayers = async (to: Delivery, gameId: string) => {
    const inRoom = await to.in([gameRoom(gameId)]);
    const players = await playersInRoom(gameId, inRoom);
    const playing = new Set(players.map(({ listener }) => listener.id));
    for (const listener of inRoom) {
      if (playing.has(listener.id)) listener.join(playersRoom(gameId));
      else listener.leave(playersRoom(gameId));
    }
    return players;
  };

  /** The game as it is now with its current text, to the room's players (but `skip`). */
  const sendCode = async (to: Delivery, gameId: string, skip: string | null) => {
    const [first] = await sortPlayers(to, gameId);
    if (!first) return;
    const [game, code] = await Promise.all([
      first.caller.game.byId({ id: gameId }),
      currentCode(first.caller, gameId),
    ]);
    to.emit([playersRoom(gameId)], skip ? [skip] : [], 'gameUpdate', {
      gameInstance: wireGame(game, code),
    });
  };

  /**
   * A CollabCode game's new state to its room. The original client sets its editor to
   * state.currentCode on every gameUpdate, so players get the current text with it; watchers get
   * the state alone, as the tRPC room stream gives them.
   */
  const sendCollabState = async (to: Delivery, game: GameView) => {
    const [first] = await sortPlayers(to, game.id);
    const toWatchers = { gameInstance: wireGame(game) };
    if (!first) return void to.emit([gameRoom(game.id)], [], 'gameUpdate', toWatchers);
    const toPlayers = { gameInstance: wireGame(game, await currentCode(first.caller, game.id)) };
    to.emit([playersRoom(game.id)], [], 'gameUpdate', toPlayers);
    to.emit([gameRoom(game.id)], [playersRoom(game.id)], 'gameUpdate', toWatchers);
  };

  // A flush is queued with the events: its packets carry the offset of the last event handled.
  const codeUpdates = createCodeUpdates({
    flush: (gameId, skip) => serial(() => offsets.run(handled, () => sendCode(live, gameId, skip))),
    onError: report,
  });

  const sendResults = async (to: Delivery, event: Extract<GameEvent, { type: 'testResults' }>) => {
    const results = event.results.map(wireTestResult);
    await sortPlayers(to, event.gameId);
    to.emit([playersRoom(event.gameId)], [], 'codeResults', { results });
  };

  /** A game's event; code changes are the caller's (coalesced live, once per game in a replay). */
  async function gameEvent({ payload: event }: BusEvent<'game'>, to: Delivery) {
    switch (event.type) {
      case 'codeUpdate':
        return;
      case 'testResults':
        await sendResults(to, event);
        return;
      case 'state':
        if (event.game.gameType === 'Nim')
          to.emit([gameRoom(event.game.id)], [], 'gameUpdate', {
            gameInstance: wireGame(event.game),
          });
        else await sendCollabState(to, event.game);
    }
  }

  const handlers: { [T in Followed]: (event: BusEvent<T>, to: Delivery) => Promise<void> } = {
    question: questionEvent,
    chat: chatEvent,
    game: gameEvent,
    message: async ({ payload }, to) => {
      if (payload.type !== 'newMessage') return;
      to.emit([SIGNED_IN_ROOM], [], 'messageUpdate', { msg: wireMessage(payload.message) });
    },
    // The user's own sockets hear what a moderator did to their account (not in §4: a new event).
    account: async ({ payload }, to) =>
      to.emit([userRoom(payload.username)], [], 'accountUpdate', payload),
    // A reputation change has no event in the original client: its userUpdate stays as it was.
    user: async ({ payload }, to) => {
      if (payload.type === 'reputation') return;
      to.emit([SIGNED_IN_ROOM], [], 'userUpdate', userUpdate(payload));
    },
    problem: async ({ payload: event }, to) => {
      if (event.type !== 'voted') return;
      to.emit(
        [SIGNED_IN_ROOM],
        [],
        'voteProblemUpdate',
        voteProblemUpdate(event.problemId, event.upVotes, event.downVotes),
      );
    },
  };
  const handle = (event: BusEvent, to: Delivery) =>
    (handlers[event.topic as Followed] as (event: BusEvent, to: Delivery) => Promise<void>)(
      event,
      to,
    );

  const onEvent = (event: BusEvent) => {
    if (event.topic === 'game') {
      const payload = (event as BusEvent<'game'>).payload;
      if (payload.type === 'codeUpdate') codeUpdates.changed(payload.gameId, event.id);
    }
    serial(() =>
      offsets.run(event.id, async () => {
        try {
          await handle(event, live);
        } finally {
          finished(event.id);
        }
      }),
    ).catch(report);
  };

  /** Resolves once every event up to `id` has been handled here (false: not within CATCH_UP_MS). */
  const caughtUp = (id: string) =>
    new Promise<boolean>((resolve) => {
      if (!isAfter(id, handled)) return resolve(true);
      const waiter = {
        id,
        done: () => {
          clearTimeout(timer);
          catchUps.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        catchUps.delete(waiter);
        resolve(false);
      }, CATCH_UP_MS);
      catchUps.add(waiter);
    });

  /** The followed events after `offset` up to `upTo`, merged in id order (null: too many). */
  async function missedEvents(offset: string, upTo: string): Promise<BusEvent[] | null> {
    if (!isAfter(upTo, offset)) return [];
    const lists = await Promise.all(
      FOLLOWED.map((topic) => deps.events.replay(topic as Topic, null, offset, REPLAY_EVENT_LIMIT)),
    );
    const merged: BusEvent[] = [];
    for (const list of lists) {
      const last = list.at(-1);
      if (list.length === REPLAY_EVENT_LIMIT && last && isAfter(upTo, last.id)) return null;
      for (const event of list) if (!isAfter(event.id, upTo)) merged.push(event);
    }
    return merged.sort((a, b) => (isAfter(a.id, b.id) ? 1 : isAfter(b.id, a.id) ? -1 : 0));
  }

  /** The packets one cut socket would have heard from these events, with its rooms as they were. */
  async function rebuild(
    session: CutSession,
    offset: string,
    missed: BusEvent[],
  ): Promise<MissedPacket[] | null> {
    const rooms = new Set(session.rooms);
    const packets: MissedPacket[] = [];
    let current = offset;
    const questions = new Map<number, Promise<Question>>();
    const listener: Listener = {
      id: session.sid,
      data: session.data,
      join: (room) => void rooms.add(room),
      leave: (room) => void rooms.delete(room),
    };
    const replay: Delivery = {
      in: async (targets) => (targets.some((room) => rooms.has(room)) ? [listener] : []),
      emit(targets, except, event, payload) {
        if (!targets.some((room) => rooms.has(room))) return;
        if (except.some((room) => room === session.sid || rooms.has(room))) return;
        packets.push([event, payload, current]);
      },
      question(qid) {
        let read = questions.get(qid);
        if (!read) questions.set(qid, (read = api().question.byId({ qid })));
        return read;
      },
      heard: (targets) => targets.some((room) => rooms.has(room)),
    };
    // A game's code changes make one send of its text as it is now, where the last one was; a
    // send still waiting here will reach the restored socket live.
    const lastChange = new Map<string, string>();
    for (const event of missed) {
      const payload = (event as BusEvent<'game'>).payload;
      if (event.topic === 'game' && payload.type === 'codeUpdate')
        lastChange.set(payload.gameId, event.id);
    }
    const sendsHere = (gameId: string) => !codeUpdates.pending(gameId);
    for (const gameId of session.pendingCode)
      if (!lastChange.has(gameId) && sendsHere(gameId)) await sendCode(replay, gameId, null);
    for (const event of missed) {
      current = event.id;
      const payload = (event as BusEvent<'game'>).payload;
      if (event.topic === 'game' && payload.type === 'codeUpdate') {
        if (lastChange.get(payload.gameId) === event.id && sendsHere(payload.gameId))
          await sendCode(replay, payload.gameId, null);
      } else await handle(event, replay);
      if (packets.length > REPLAY_PACKET_LIMIT) return null;
    }
    return packets;
  }

  const unsubscribes = await Promise.all(
    FOLLOWED.map((topic) =>
      deps.events.subscribe(topic as Topic, null, (event) => onEvent(event as BusEvent)),
    ),
  );

  return {
    movedBy: (eventId, socketId) => codeUpdates.movedBy(eventId, socketId),
    offsetNow: () => offsets.getStore() ?? handled,
    send(emit) {
      serial(() => offsets.run(handled, async () => emit())).catch(report);
    },
    pendingCode: (rooms) =>
      rooms
        .filter((room) => room.startsWith(gameRoom('')))
        .map((room) => room.slice(gameRoom('').length))
        .filter((gameId) => codeUpdates.pending(gameId)),
    async replay(session, offset) {
      if (!/^\d{1,15}$/.test(offset)) return null;
      // Another process may have sent it events this one has not handled yet.
      if (!(await caughtUp(offset))) return null;
      // Its rooms and events were a session that has ended since: it starts afresh.
      const { sessionId } = session.data;
      if (sessionId && !(await findSessionUser(deps.db, sessionId))) return null;
      return new Promise<MissedPacket[] | null>((resolve, reject) => {
        void serial(async () => {
          try {
            const missed = await missedEvents(offset, handled);
            resolve(missed && (await rebuild(session, offset, missed)));
          } catch (error) {
            reject(error);
          }
          // socket.io puts the restored socket in its rooms in the microtasks after the answer;
          // the next event waits for them.
          await new Promise((next) => setImmediate(next));
        });
      });
    },
    close() {
      codeUpdates.close();
      for (const waiter of catchUps) waiter.done();
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}
