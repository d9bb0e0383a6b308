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
import { contextFactory, trustProxies } from './context';
import { createHttpHandler } from './http';
import { answerUnreadableRequest } from './request-guard';
import { ResponseCache } from './response-cache';
import { createSessionCookies } from './session';
import { attachSocketIo } from './socket';
import { attachUpgrades } from './upgrade';

const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface RunningServer {
  server: Server;
  db: Db;
  /** The shared dependencies every request's context gets: for tests that act beside the server. */
  deps: ApiDeps;
  url: string;
  close(): Promise<void>;
}

/** One process, one port: HTTP (tRPC, web app) and WebSocket upgrades. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = createDb(config.databasePath);
  if (config.seedDemo) await seedDemoContent(db, { onlyIfEmpty: true });
  // Built once: every door's contexts share this bus, these limiters, these caches and this pool of
  // sandbox workers.
  const sandbox = createSandbox();
  const deps = await createApiDeps(db, {
    sandbox,
    limits: rateLimitsOf(config),
    caps: config.caps,
  });
  // CollabCode deadlines end games on the server even with no browser open.
  const gameTimer = createGameTimer(deps);
  await gameTimer.start();
  const createRequestContext = contextFactory(deps, createSessionCookies(config.sessionSecret));
  // The original client's pages (CLIENT_ORIGINS) use the REST paths and socket.io, not /trpc.
  const clientOrigins = config.clientOrigins ?? DEFAULT_CLIENT_ORIGINS;
  const app = createHttpHandler({
    createRequestContext,
    responseCache: await ResponseCache.over(deps.events),
    webDist: config.webDist,
    trustedOrigins: config.trustedOrigins,
    clientOrigins,
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

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
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
  };
}
