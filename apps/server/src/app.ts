import { createApiDeps, createGameTimer, newProcessId, pruneEvents, type ApiDeps } from '@app/api';
import { closeDatabase, databaseAnswers, type Db } from '@app/db';
import { createSandbox } from '@app/sandbox';
import { isFreshSite, seedDemoContent } from '@app/seed';
import { setupWorker } from '@socket.io/sticky';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  DEFAULT_CLIENT_ORIGINS,
  DEFAULT_REDIS_PREFIX,
  httpServerOptions,
  rateLimitsOf,
  type ServerConfig,
} from './ops/config';
import { createConnectionCounter } from './ops/connection-caps';
import { contextFactory, trustProxies, type CreateRequestContext } from './http/context';
import { createHttpHandler } from './http-handler';
import { createRequestLog, noteSession } from './http/request-log';
import { answerUnreadableRequest } from './http/unreadable-request';
import { log as processLog, type Logger } from './ops/log';
import { ResponseCache } from './http/response-cache';
import { createSessionCookies } from './http/session';
import { closeRedis, connectRedis, redisProbe } from './ops/redis';
import { openConfiguredDatabase } from './ops/prepare-database';
import { shutDown, type ShutdownReport } from './ops/shutdown';
import { attachSocketIo } from './legacy/socket';
import { attachUpgrades } from './trpc/upgrade';

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
  /** Where request lines and errors go: the process's logger (ops/log.ts) by default. */
  log?: Logger;
  /**
   * False for a cluster worker (WORKERS, cluster.ts): it does not listen; the primary listens
   * on the port and hands each connection over, a socket.io session's polls always to the worker
   * that holds it (@socket.io/sticky).
   */
  listen?: boolean;
}

/** One process, one port: HTTP (tRPC, web app) and WebSocket upgrades. */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? processLog;
  const listen = options.listen ?? true;
  const db = await openConfiguredDatabase(config);
  // A Redis that is down does not stop the start: the database carries what Redis would (ops/redis.ts).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
  const processId = newProcessId();
  // Built once: every door's contexts share this bus, these limiters, these caches and this pool of
  // sandbox workers. A fresh database gets the demo, whose problems run at once: the workers start
  // now. Otherwise they start with the first run, and a restart that runs no code never pays for
  // them (their start-up, some 12 MB).
  const sandbox = createSandbox({
    worker: config.runtime?.sandboxWorker,
    startWorkers: config.seedDemo && (await isFreshSite(db)) ? 'now' : 'on-first-run',
  });
  const deps = await createApiDeps(db, {
    sandbox,
    limits: rateLimitsOf(config),
    caps: config.caps,
    scryptLogN: config.scryptLogN,
    hideAfterFlags: config.hideAfterFlags,
    closing: {
      ...(config.closeVotesNeeded ? { votesNeeded: config.closeVotesNeeded } : {}),
      ...(config.closeVoteReputation ? { reputationNeeded: config.closeVoteReputation } : {}),
    },
    shared: { redis, redisPrefix: config.redisPrefix ?? DEFAULT_REDIS_PREFIX, processId },
  });
  // Through the procedures over these very dependencies: before anyone can connect.
  if (config.seedDemo) await seedDemoContent(deps, { onlyIfEmpty: true });
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
  // GET /healthz: the database answers a trivial query; a shutdown says it is draining.
  let draining = false;
  // The original client's pages (CLIENT_ORIGINS) use the REST paths and socket.io, not /trpc.
  const clientOrigins = config.clientOrigins ?? DEFAULT_CLIENT_ORIGINS;
  const app = createHttpHandler({
    createRequestContext,
    responseCache: new ResponseCache(deps.readCache),
    readCache: deps.readCache,
    webDist: config.webDist,
    trustedOrigins: config.trustedOrigins,
    clientOrigins,
    log,
    requestLog: createRequestLog(log, deps, cookies),
    databaseAnswers: () => databaseAnswers(db),
    draining: () => draining,
    processId,
    redisState: redisProbe(redis),
  });
  const server = createServer(httpServerOptions(config.timeouts), app);
  // Every connection, those a cluster's primary hands over included, for a shutdown to wait for.
  const open = new Set<Duplex>();
  server.on('connection', (socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  trustProxies(server, config.trustProxy);
  server.on('clientError', answerUnreadableRequest);
  // Live connections of both doors (tRPC WebSocket, socket.io) count against the same caps.
  const connections = createConnectionCounter(deps, { log });
  const upgrades = attachUpgrades(server, {
    createRequestContext,
    trustedOrigins: config.trustedOrigins,
    connections,
    log,
  });
  // The original client's socket.io (SPEC §7): the same cookie, the same origin allow-list.
  const socketIo = await attachSocketIo(server, {
    deps,
    createRequestContext,
    allowedOrigins: [...new Set([...config.trustedOrigins, ...clientOrigins])],
    connections,
    log,
  });

  const prune = () =>
    pruneEvents(db, EVENT_RETENTION_MS).catch((error: unknown) =>
      log.error({ err: error }, 'pruning old events failed'),
    );
  await prune();
  const pruner = setInterval(() => void prune(), 60 * 60 * 1000);
  pruner.unref();

  try {
    if (listen)
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    else setupWorker(socketIo.io);
  } catch (error) {
    // A port in use: what was started stops, so the caller can report it and exit.
    await gameTimer.stop();
    clearInterval(pruner);
    upgrades.close();
    socketIo.close();
    await sandbox.close();
    await connections.close();
    await deps.events.close();
    await closeDatabase(db);
    if (redis) await closeRedis(redis);
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
      await gameTimer.stop();
      clearInterval(pruner);
      upgrades.close();
      socketIo.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
      await connections.close();
      await deps.events.close();
      await closeDatabase(db);
      if (redis) await closeRedis(redis);
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
            await gameTimer.stop();
            clearInterval(pruner);
            await sandbox.close();
            // This process's live connections leave the shared count; the bus stops listening to
            // the other processes; then Redis, which they used, and (shutDown) the database.
            await connections.close();
            await deps.events.close();
            if (redis) await closeRedis(redis);
          },
          openConnections: () => open.size,
        },
        timeoutMs,
      );
    },
  };
}
