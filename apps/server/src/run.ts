import cluster from 'node:cluster';
import { startServer } from './app';
import { startPrimary, startWorker } from './cluster';
import type { ServerConfig } from './ops/config';
import { log, logLevelFrom } from './ops/log';
import { exitOnSignals, shutdownTimeoutFrom } from './ops/shutdown';
import { startupErrorSentence } from './ops/startup-errors';

/**
 * Starts the server with the settings `configure` reads, stops it cleanly on SIGTERM / SIGINT, and
 * turns a start-up failure into one sentence on stderr and exit 1. Shared by `npm start` (main.ts)
 * and the single executable (binary.ts). With WORKERS above 1 the same entry runs as the cluster's
 * primary and, forked by it, as each worker (cluster.ts).
 */
export async function run(configure: () => ServerConfig | Promise<ServerConfig>): Promise<void> {
  let config: ServerConfig | undefined;
  try {
    log.level = logLevelFrom(process.env);
    const timeoutMs = shutdownTimeoutFrom(process.env);
    config = await configure();
    if (cluster.isWorker) {
      await startWorker(config, { timeoutMs, log });
      return;
    }
    const running =
      (config.workers ?? 1) > 1 ? await startPrimary(config, { log }) : await startServer(config);
    exitOnSignals((ms) => ('shutdown' in running ? running.shutdown(ms) : running.stop(ms)), {
      timeoutMs,
      log,
    });
    log.info(
      {
        url: running.url,
        ...(config.workers && config.workers > 1 ? { workers: config.workers } : {}),
      },
      `Server listening on ${running.url}`,
    );
  } catch (error) {
    // One sentence for the operator, no stack: what is wrong and which setting to change.
    process.stderr.write(`${startupErrorSentence(error, config ?? {})}\n`);
    process.exit(1);
  }
}
