import { appRouter } from '@app/api';
import { authMessages, gameMessages, messagingMessages } from '@app/validators';
import { TRPCError } from '@trpc/server';
import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import { capEngineIo } from '../../ops/connection-caps';
import { clientAddressOf } from '../../http/context';
import { isAllowedOrigin } from '../../http/origin';
import { bridgeEvents } from './bridge';
import { createIdentities } from './identity';
import { chatRoom, gameRoom, playersRoom, PUBLIC_ROOM, roomTickets } from './rooms';
import { socketContext, type IoServer, type SocketOptions } from './socket-context';
import { createRecovery, recoveryAdapter, type Recovery } from './recovery';
import { RECOVERY_MARK, RECOVERY_MARK_MS, RECOVERY_MS } from './recovery-limits';
import { parseMove } from '../wire';

export type { SocketOptions } from './socket-context';

/** An engine.io connection: its transport is polling or a WebSocket (`ws`) underneath. */
interface EngineConnection {
  transport: { name: string };
  once(event: 'close', listener: () => void): unknown;
}
interface WebSocketLike {
  close(code: number, reason: string): void;
  terminate(): void;
}

/**
 * The optional acknowledgement of a join or leave: `ok` once done; `ok: false` with the refusal's
 * sentence, or without one when a later leave or join of the same room overtook it.
 */
type Ack = (reply: { ok: boolean; error?: string }) => void;
type Caller = ReturnType<typeof appRouter.createCaller>;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : gameMessages.moveRefused;

/**
 * socket.io on /socket.io (polling, then the websocket upgrade), for SPEC §7's original client.
 * Signed-out sockets may connect and hear public events only (the question pages, which the API
 * serves to anyone); everything else needs the session cookie, as the tRPC procedures do. The
 * socket's user follows the cookie while the connection lives (identity.ts): signing in or out
 * over HTTP changes what an open socket hears and may do.
 */
export async function attachSocketIo(server: HttpServer, options: SocketOptions) {
  const { deps, allowedOrigins } = options;
  // Set once the bridge exists (it needs the server).
  const recovery: { current?: Recovery } = {};
  const io: IoServer = new SocketServer(server, {
    path: '/socket.io',
    serveClient: false,
    // upgrade.ts answers and closes the upgrades that are not socket.io's; engine.io would only end
    // them a second later, and then only if nothing had been written.
    destroyUpgrade: false,
    maxHttpBufferSize: 1024 * 1024,
    // A client that reconnects (a network cut, or a new session cookie to show: identity.ts), to
    // this process or another, gets its rooms back and every event sent to them meanwhile, each
    // once (recovery.ts). Rooms are each process's own and no adapter spreads emits: every emit
    // comes from bridge.ts, which the event bus hands every process's events.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: true },
    adapter: recoveryAdapter(() => recovery.current),
    cors: { origin: [...allowedOrigins], credentials: true },
    // The /trpc WebSocket's check, on the handshake (identity.ts checks the later requests).
    allowRequest: (req, callback) => callback(null, isAllowedOrigin(req, allowedOrigins)),
  });

  // Before the other middlewares: a connection over a cap is refused before anything else is done
  // for it, and counted from its first request whether or not it ever sends socket.io's CONNECT.
  capEngineIo(io.engine, options.connections, clientAddressOf, async (req) => {
    const { session } = await options.createRequestContext({ req, transport: 'internal' });
    return session.sessionId;
  });

  const joins = roomTickets();
  const identities = createIdentities({
    ...options,
    joins,
    changed: (socketId) => recovery.current?.changed(socketId),
  });
  io.engine.use(identities.middleware);
  io.engine.on('connection', identities.opened);
  const unwatch = identities.watch(server);

  // Before any connection: makeMove tells the bridge which socket made a code change.
  const bridge = await bridgeEvents(io, options);
  recovery.current = createRecovery(deps, options.log, bridge, identities);

  // Every engine.io connection (polling or WebSocket), for a shutdown's close code and reason.
  const connections = new Set<EngineConnection>();
  io.engine.on('connection', (conn: EngineConnection) => {
    connections.add(conn);
    conn.once('close', () => connections.delete(conn));
  });
  const webSocketOf = (conn: EngineConnection) =>
    conn.transport.name === 'websocket'
      ? (conn.transport as { socket?: WebSocketLike }).socket
      : undefined;

  const marks = setInterval(
    () => bridge.send(() => io.to(PUBLIC_ROOM).emit(RECOVERY_MARK)),
    RECOVERY_MARK_MS,
  );
  marks.unref();

  io.on('connection', (socket) => {
    void socket.join(PUBLIC_ROOM);
    identities.attach(socket);
    recovery.current?.connected(socket);
    bridge.send(() => socket.emit(RECOVERY_MARK));
    /** A caller with the session as it is now, once the reads under way have been applied. */
    const caller = async () => {
      await identities.settled(socket);
      return appRouter.createCaller(socketContext(deps, socket));
    };
    const on = (event: string, handler: (payload: unknown, ack: Ack) => Promise<void>) =>
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const answer: Ack = typeof ack === 'function' ? (reply) => void ack(reply) : () => {};
        handler(payload, answer).catch((error: unknown) => {
          answer({ ok: false, error: messageOf(error) });
          // The session ended since it was last read: the socket is signed out from now on.
          if (error instanceof TRPCError && error.code === 'UNAUTHORIZED')
            void identities.recheck(socket);
        });
      });
    /**
     * Joins a private room once `check` (the procedure that reads it) lets the socket's user in.
     * The original client sends no acknowledgement callback; a client that does hears when the
     * join is done, or why not.
     */
    const joinRoom = async (
      room: string,
      ack: Ack,
      check: (api: Caller, username: string) => Promise<string[] | void>,
    ) => {
      // The join's ticket is taken before anything is awaited: a leave sent after it cancels it.
      const joined = await joins.join(socket, room, async () => {
        const api = await caller();
        const { username } = socket.data;
        if (!username) throw new Error(authMessages.notSignedIn);
        return check(api, username);
      });
      ack({ ok: joined });
    };

    // A chat's room only for its participants (chat.byId refuses anyone else); delivery checks again.
    on('joinChat', async (payload, ack) => {
      const chatId = Number(payload);
      if (!Number.isSafeInteger(chatId))
        return ack({ ok: false, error: messagingMessages.chatNotFound });
      await joinRoom(chatRoom(chatId), ack, async (api) => void (await api.chat.byId({ chatId })));
    });
    on('leaveChat', async (payload, ack) => {
      const chatId = Number(payload);
      if (Number.isSafeInteger(chatId)) await joins.leave(socket, chatRoom(chatId));
      ack({ ok: true });
    });
    // A game's state is public to signed-in users (game.byId): anyone of them may watch a room.
    on('joinGame', async (payload, ack) => {
      if (typeof payload !== 'string') return ack({ ok: false, error: gameMessages.gameNotFound });
      // A player also joins its players' room (socket/bridge.ts), where the code goes.
      await joinRoom(gameRoom(payload), ack, async (api, username) => {
        const game = await api.game.byId({ id: payload });
        return game.players.includes(username) ? [playersRoom(payload)] : [];
      });
    });
    on('leaveGame', async (payload, ack) => {
      if (typeof payload === 'string') {
        await joins.leave(socket, gameRoom(payload));
        await socket.leave(playersRoom(payload));
      }
      ack({ ok: true });
    });

    // A client's moves apply in the order it sent them: each waits for the one before, so a
    // slower read under one (on PostgreSQL, a query that came back late) never lets an older
    // whole text land after a newer one.
    let moves: Promise<void> = Promise.resolve();
    const inTurn = (handler: (payload: unknown) => Promise<void>) => (payload: unknown) => {
      const run = moves.then(() => handler(payload));
      moves = run.catch(() => {});
      return run;
    };
    on(
      'makeMove',
      inTurn(async (payload) => {
        const api = await caller();
        const player = socket.data.username;
        const refuse = (error: string) => socket.emit('gameError', { player: player ?? '', error });
        const move = parseMove(payload);
        if (!player) return void refuse(authMessages.notSignedIn);
        if (!move) return void refuse(gameMessages.moveUnreadable);
        if (move.playerID !== player) return void refuse(authMessages.notYourself);
        try {
          if (move.kind === 'nim')
            await api.game.nimMove({ id: move.gameID, numObjects: move.numObjects as number });
          else {
            const { event } = await api.game.setCode({
              id: move.gameID,
              code: move.code as string,
            });
            if (event) bridge.movedBy(event.id, socket.id);
          }
        } catch (error) {
          refuse(messageOf(error));
          throw error;
        }
      }),
    );
  });

  return {
    io,
    close() {
      clearInterval(marks);
      unwatch();
      identities.close();
      bridge.close();
      recovery.current?.close();
      // Not io.close(): that closes the HTTP server too, which app.ts closes itself.
      io.disconnectSockets(true);
      io.engine.close();
    },
    /**
     * Shutdown: WebSockets closed with the code and reason, polling connections ended; socket.io
     * clients see their transport close and reconnect on their own (a socket.io disconnect would
     * tell them not to).
     */
    closeAll(code: number, reason: string) {
      clearInterval(marks);
      for (const conn of connections) webSocketOf(conn)?.close(code, reason);
      unwatch();
      identities.close();
      bridge.close();
      recovery.current?.close();
      io.engine.close();
    },
    /** Cuts the WebSockets that have not finished closing. */
    cutAll() {
      for (const conn of connections) webSocketOf(conn)?.terminate();
    },
  };
}
