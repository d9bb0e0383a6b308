import { CONNECTION_CAP_TABLE, type ConnectionCaps } from '@app/api';
import type { IncomingMessage } from 'node:http';

/** Why a live connection was refused: a WebSocket close code and reason (the reason a sentence). */
export interface Refusal {
  code: 1008 | 1013;
  reason: string;
}

export type Admission = { ok: true; release: () => void } | ({ ok: false } & Refusal);

export interface ConnectionCounter {
  /**
   * Counts a new live connection from `address` (and `session`, when it carries one), or says why
   * not: too many in total (1013, try again later), from that address or for that session (1008).
   * Call `release` once when it closes.
   */
  admit(who: { address: string; session: string | null }): Admission;
  /** Open connections now: in total, and for one address or session. */
  open(): { total: number; byAddress(address: string): number; bySession(session: string): number };
}

const refusal = (kind: keyof typeof CONNECTION_CAP_TABLE): Refusal => ({
  code: CONNECTION_CAP_TABLE[kind].closeCode,
  reason: CONNECTION_CAP_TABLE[kind].message,
});

/**
 * The caps on live connections (limits.ts: socketsPerSession, socketsPerAddress, socketsTotal),
 * shared by both doors: the tRPC WebSocket (upgrade.ts) and socket.io count together. In memory,
 * per process: a connection belongs to the process that holds its socket.
 */
export function createConnectionCounter(caps: ConnectionCaps): ConnectionCounter {
  const byAddress = new Map<string, number>();
  const bySession = new Map<string, number>();
  let total = 0;
  const add = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  return {
    admit({ address, session }) {
      if (total >= caps.socketsTotal) return { ok: false, ...refusal('socketsTotal') };
      if ((byAddress.get(address) ?? 0) >= caps.socketsPerAddress)
        return { ok: false, ...refusal('socketsPerAddress') };
      if (session !== null && (bySession.get(session) ?? 0) >= caps.socketsPerSession)
        return { ok: false, ...refusal('socketsPerSession') };
      total += 1;
      add(byAddress, address, 1);
      if (session !== null) add(bySession, session, 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          total -= 1;
          add(byAddress, address, -1);
          if (session !== null) add(bySession, session, -1);
        },
      };
    },
    open: () => ({
      total,
      byAddress: (address) => byAddress.get(address) ?? 0,
      bySession: (session) => bySession.get(session) ?? 0,
    }),
  };
}

/** What socket.io needs of a server: a connection middleware (`io.use`). */
interface SocketIoLike {
  use(
    fn: (
      socket: {
        request: IncomingMessage;
        once(event: 'disconnect', listener: () => void): unknown;
      },
      next: (error?: Error) => void,
    ) => void,
  ): unknown;
}

/**
 * The same caps for socket.io: each connection is admitted on its handshake or refused with the
 * reason as its connect_error message (socket.io's close reason); its place is freed on
 * disconnect. `sessionOf` reads the handshake's session id (null when signed out: socket.io serves
 * public events to signed-out clients, so those count per address and in total only).
 */
export function capSocketIo(
  io: SocketIoLike,
  counter: ConnectionCounter,
  addressOf: (req: IncomingMessage) => string,
  sessionOf: (req: IncomingMessage) => Promise<string | null>,
): void {
  io.use((socket, next) => {
    sessionOf(socket.request)
      .catch(() => null)
      .then((session) => {
        const admission = counter.admit({ address: addressOf(socket.request), session });
        if (!admission.ok) return next(new Error(admission.reason));
        socket.once('disconnect', admission.release);
        next();
      })
      .catch(() => next(new Error(CONNECTION_CAP_TABLE.socketsTotal.message)));
  });
}
