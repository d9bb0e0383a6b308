import { createLoginLimiters, createOutboxBus, pruneEvents } from '@app/api';
import { createDb, type Db } from '@app/db';
import { createServer, type Server } from 'node:http';
import type { ServerConfig } from './config';
import { createHttpApp } from './http';
import { seedDemoContent } from './seed-demo';
import { createSessionCookies } from './session';
import { attachUpgrades } from './upgrade';

const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface RunningServer {
  server: Server;
  db: Db;
  url: string;
  close(): Promise<void>;
}

/** One process, one port: HTTP (tRPC, web app) and WebSocket upgrades. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = createDb(config.databasePath);
  if (config.seedDemo) await seedDemoContent(db, { onlyIfEmpty: true });
  const events = createOutboxBus(db);
  const limiters = createLoginLimiters();
  const cookies = createSessionCookies(config.sessionSecret);
  const app = createHttpApp({ db, events, limiters, cookies, webDist: config.webDist });
  const server = createServer(app);
  const upgrades = attachUpgrades(server, { db, events, limiters, cookies });

  pruneEvents(db, EVENT_RETENTION_MS);
  const pruner = setInterval(() => pruneEvents(db, EVENT_RETENTION_MS), 60 * 60 * 1000);
  pruner.unref();

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    db,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    async close() {
      clearInterval(pruner);
      upgrades.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.$client.close();
    },
  };
}
