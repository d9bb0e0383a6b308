import { createApiDeps, createGameTimer, pruneEvents, type ApiDeps } from '@app/api';
import { createDb, type Db } from '@app/db';
import { createSandbox } from '@app/sandbox';
import { seedDemoContent } from '@app/seed';
import { createServer, type Server } from 'node:http';
import {
  DEFAULT_CLIENT_ORIGINS,
  httpServerOptions,
  rateLimitsOf,
  type ServerConfig,
} from './config';
import { createConnectionCounter } from './connection-caps';
import { contextFactory, trustProxies, type CreateRequestContext } from './context';
import { createHttpHandler } from './http';
import { createRequestLog, log as processLog, noteSession, type Logger } from './log';
import { answerUnreadableRequest } from './request-guard';
import { ResponseCache } from './response-cache';
import { createSessionCookies } from './session';
import { shutDown, type ShutdownReport } from './shutdown';
import { attachSocketIo } from './socket';
import { attachUpgrades } from './upgrade';

const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface RunningServer {
  server: Server;
  db: Db;
  /** The shared dependencies every request's context gets: for tests that act beside the server. */
  deps: ApiDeps;
  url: string;
  /** Stops at once: connections cut, nothing waited for (tests). */
  close(): Promise<void>;
  /**
   * Stops gracefully within `timeoutMs` (SIGTERM, SIGINT: shutdown.ts): requests under way finish,
   * live connections close with 1001 "Server is shutting down", the WAL is checkpointed.
   */
  shutdown(timeoutMs: number): Promise<ShutdownReport>;
}

export interface StartOptions {
  /** Where request lines and errors go: the process's logger (log.ts) by default. */
  log?: Logger;
}

/** One process, one port: HTTP (tRPC, web app) and WebSocket upgrades. */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? processLog;
  const db = createDb(config.databasePath, config.runtime?.db);
  if (config.seedDemo) await seedDemoContent(db, { onlyIfEmpty: true });
  // Built once: every door's contexts share this bus, these limiters, these caches and this pool of
  // sandbox workers.
  const sandbox = createSandbox({ worker: config.runtime?.sandboxWorker });
  const deps = await createApiDeps(db, {
    sandbox,
    limits: rateLimitsOf(config),
    caps: config.caps,
  });
  // CollabCode deadlines end games on the server even with no browser open.
  const gameTimer = createGameTimer(deps);
  await gameTimer.start();
  const cookies = createSessionCookies(config.sessionSecret);
  const contextOf = contextFactory(deps, cookies);
  // The request log reads the session a request's context ends with (a sign-in's new one).
  const createRequestContext: CreateRequestContext = async (door) => {
    const context = await contextOf(door);
    if (door.res) noteSession(door.req, context.session);
    return context;
  };
  // GET /healthz: the database answers a prepared statement; a shutdown says it is draining.
  const ping = db.$client.prepare('select 1');
  let draining = false;
  // The original client's pages (CLIENT_ORIGINS) use the REST paths and socket.io, not /trpc.
  const clientOrigins = config.clientOrigins ?? DEFAULT_CLIENT_ORIGINS;
  const app = createHttpHandler({
    createRequestContext,
    responseCache: await ResponseCache.over(deps.events),
    webDist: config.webDist,
    trustedOrigins: config.trustedOrigins,
    clientOrigins,
    requestLog: createRequestLog(log, deps, cookies),
    databaseAnswers: () => ping.get() !== undefined,
    draining: () => draining,
  });
  const server = createServer(httpServerOptions(config.timeouts), app);
  trustProxies(server, config.trustProxy);
  server.on('clientError', answerUnreadableRequest);
  // Live connections of both doors (tRPC WebSocket, socket.io) count against the same caps.
  const connections = createConnectionCounter(deps.caps);
  const upgrades = attachUpgrades(server, createRequestContext, config.trustedOrigins, connections);
  // The original client's socket.io (SPEC §7): the same cookie, the same origin allow-list.
  const socketIo = await attachSocketIo(server, {
    deps,
    createRequestContext,
    allowedOrigins: [...new Set([...config.trustedOrigins, ...clientOrigins])],
    connections,
  });

  pruneEvents(db, EVENT_RETENTION_MS);
  const pruner = setInterval(() => pruneEvents(db, EVENT_RETENTION_MS), 60 * 60 * 1000);
  pruner.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // A port in use: what was started stops, so the caller can report it and exit.
    gameTimer.stop();
    clearInterval(pruner);
    upgrades.close();
    socketIo.close();
    await sandbox.close();
    db.$client.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    db,
    deps,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    async close() {
      gameTimer.stop();
      clearInterval(pruner);
      upgrades.close();
      socketIo.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
      db.$client.close();
    },
    shutdown(timeoutMs) {
      return shutDown(
        {
          server,
          log,
          db,
          beginDraining: () => {
            draining = true;
          },
          closeLiveConnections(code, reason) {
            upgrades.closeAll(code, reason);
            socketIo.closeAll(code, reason);
          },
          cutLiveConnections() {
            upgrades.cutAll();
            socketIo.cutAll();
          },
          async stopWork() {
            gameTimer.stop();
            clearInterval(pruner);
            await sandbox.close();
          },
        },
        timeoutMs,
      );
    },
  };
}
