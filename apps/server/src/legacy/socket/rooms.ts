/** socket.io rooms: every socket is in PUBLIC; signed-in ones also in SIGNED_IN and their user's. */
export const PUBLIC_ROOM = 'public';
export const SIGNED_IN_ROOM = 'signed-in';
export const userRoom = (username: string) => `user:${username}`;
export const chatRoom = (chatId: number | string) => `chat:${chatId}`;
export const gameRoom = (gameId: string) => `game:${gameId}`;
/** The sockets of a game's room whose user plays it (socket/bridge.ts keeps it sorted). */
export const playersRoom = (gameId: string) => `players:${gameId}`;

/** What a socket needs for its rooms: socket.io's Socket. */
interface RoomSocket {
  join(rooms: string | string[]): unknown;
  leave(room: string): unknown;
}

/**
 * A socket's joins of private rooms, which are checked first (a call that reads the database) while
 * a leave is immediate: each join and leave of a room takes the next ticket of that room, and a
 * join whose check ends after a later ticket was taken (a leave, another join, or a change of the
 * socket's user, which cancels them all) joins nothing. So join-then-leave always ends outside.
 */
export function roomTickets() {
  const tickets = new WeakMap<RoomSocket, { epoch: number; rooms: Map<string, number> }>();
  const stateOf = (socket: RoomSocket) => {
    let state = tickets.get(socket);
    if (!state) tickets.set(socket, (state = { epoch: 0, rooms: new Map() }));
    return state;
  };
  const take = (socket: RoomSocket, room: string) => {
    const state = stateOf(socket);
    const ticket = (state.rooms.get(room) ?? 0) + 1;
    state.rooms.set(room, ticket);
    return { epoch: state.epoch, ticket };
  };
  return {
    /**
     * Joins `room` once `check` passes, unless overtaken meanwhile: answers whether it joined.
     * `check` may name rooms that go with it (joined and cancelled with it).
     */
    async join(
      socket: RoomSocket,
      room: string,
      check: () => Promise<string[] | void>,
    ): Promise<boolean> {
      const mine = take(socket, room);
      const along = (await check()) ?? [];
      const state = stateOf(socket);
      if (state.epoch !== mine.epoch || state.rooms.get(room) !== mine.ticket) return false;
      await socket.join([room, ...along]);
      return true;
    },
    /** Leaves `room` now, and cancels a join of it still being checked. */
    async leave(socket: RoomSocket, room: string): Promise<void> {
      take(socket, room);
      await socket.leave(room);
    },
    /** Cancels every join being checked (the socket's user changed: their checks were for another). */
    cancelAll(socket: RoomSocket): void {
      const state = stateOf(socket);
      state.epoch += 1;
      state.rooms.clear();
    },
  };
}

export type RoomTickets = ReturnType<typeof roomTickets>;
