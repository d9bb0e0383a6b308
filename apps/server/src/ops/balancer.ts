import { randomBytes } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import type { Server, Socket } from 'node:net';

/**
 * The cluster primary's side of @socket.io/sticky (its workers run the package's own setupWorker,
 * app.ts): every connection goes to one worker, chosen from its first request; a socket.io
 * session's polls (`sid=` in the request line) go to the worker that holds the session, since
 * engine.io keeps a polling session in one process's memory. The package's own setupMaster picks
 * the other connections by its count of socket.io sessions alone, so every plain request and tRPC
 * WebSocket went to the first worker; here they take turns over the workers that serve (started,
 * and not stopping). The messages are the package's (sticky:*), which its setupWorker understands.
 *
 * A request whose first bytes hold its whole head and no body is handed over with its socket (the
 * worker reads the rest itself); one with a body, or a head split over several reads, stays here
 * and is relayed over IPC in both directions, so no byte is read by two processes.
 */

interface StickyMessage {
  type?: unknown;
  data?: unknown;
  connectionId?: unknown;
  error?: unknown;
}

const SID = /[?&]sid=([\w-]{20})/;

export interface Balancer {
  /** New connections may go to this worker (it has started its server). */
  admit(worker: Worker): void;
  /** No new connection goes to this worker; its own sessions' polls still do, to be told to go. */
  leaveOut(worker: Worker): void;
}

/**
 * `headersMs`: how long a connection may stay silent before its first bytes (the worker's own
 * timeouts take over from there).
 */
export function balanceConnections(server: Server, { headersMs }: { headersMs: number }): Balancer {
  const sessions = new Map<string, number>();
  const relayed = new Map<string, { socket: Socket; workerId: number }>();
  const admitted = new Set<number>();
  let turn = 0;

  const connected = (id: number | undefined): Worker | undefined => {
    const worker = id === undefined ? undefined : cluster.workers?.[id];
    return worker?.isConnected() ? worker : undefined;
  };

  const nextWorker = (): Worker | undefined => {
    const candidates = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => !!worker && worker.isConnected() && admitted.has(worker.id),
    );
    if (candidates.length === 0) return undefined;
    turn = (turn + 1) % candidates.length;
    return candidates[turn];
  };

  server.on('connection', (socket: Socket) => {
    let worker: Worker | undefined;
    let connectionId: string | undefined;
    const dropOnError = (error?: Error | null) => {
      if (error) socket.destroy();
    };
    socket.on('error', () => socket.destroy());
    socket.setTimeout(headersMs, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      if (connectionId) {
        if (worker?.isConnected())
          worker.send({ type: 'sticky:http-chunk', data: chunk, connectionId }, dropOnError);
        else socket.destroy();
        return;
      }
      socket.setTimeout(0);
      const headEnd = chunk.indexOf('\r\n\r\n');
      const head = chunk.subarray(0, headEnd === -1 ? chunk.length : headEnd).toString('latin1');
      const requestLine = head.slice(0, head.indexOf('\r\n') >>> 0);
      const sid = SID.exec(requestLine)?.[1];
      worker = connected(sid === undefined ? undefined : sessions.get(sid)) ?? nextWorker();
      if (!worker) {
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      }
      const lowHead = head.toLowerCase();
      const whole =
        headEnd !== -1 &&
        !lowHead.includes('\r\ncontent-length:') &&
        !lowHead.includes('\r\ntransfer-encoding:');
      if (whole) {
        socket.pause();
        worker.send({ type: 'sticky:connection', data: chunk }, socket, dropOnError);
        return;
      }
      connectionId = randomBytes(8).toString('hex');
      relayed.set(connectionId, { socket, workerId: worker.id });
      worker.send(
        {
          type: 'sticky:http-chunk-start',
          data: chunk,
          connectionId,
          socketInfo: {
            remoteAddress: socket.remoteAddress,
            remotePort: socket.remotePort,
            localAddress: socket.localAddress,
            localPort: socket.localPort,
          },
        },
        dropOnError,
      );
    });
    socket.on('close', () => {
      if (!connectionId || !relayed.delete(connectionId)) return;
      if (worker?.isConnected()) worker.send({ type: 'sticky:abort', connectionId }, () => {});
    });
  });

  cluster.on('message', (worker: Worker, message: StickyMessage) => {
    if (typeof message !== 'object' || message === null) return;
    const socket =
      typeof message.connectionId === 'string'
        ? relayed.get(message.connectionId)?.socket
        : undefined;
    switch (message.type) {
      case 'sticky:http-response':
        if (socket && !socket.destroyed && message.data instanceof Uint8Array)
          socket.write(message.data);
        break;
      // The relayed connection stays known until the client's socket closes: then the worker is
      // told (sticky:abort), so its stand-in socket closes too (an answer only ends its writing).
      case 'sticky:http-response-end':
        if (socket && !socket.destroyed) socket.end();
        break;
      case 'sticky:http-response-destroy':
        if (socket && !socket.destroyed) socket.destroy();
        break;
      case 'sticky:connection':
        if (typeof message.data === 'string') sessions.set(message.data, worker.id);
        break;
      case 'sticky:disconnection':
        if (typeof message.data === 'string') sessions.delete(message.data);
        break;
    }
  });

  cluster.on('exit', (worker) => {
    admitted.delete(worker.id);
    for (const [sid, id] of sessions) if (id === worker.id) sessions.delete(sid);
    for (const { socket, workerId } of relayed.values())
      if (workerId === worker.id) socket.destroy();
  });

  return {
    admit(worker) {
      admitted.add(worker.id);
    },
    leaveOut(worker) {
      admitted.delete(worker.id);
    },
  };
}
