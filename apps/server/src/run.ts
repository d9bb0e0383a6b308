import { startServer } from './app';
import type { ServerConfig } from './config';
import { log, logLevelFrom } from './log';
import { exitOnSignals, shutdownTimeoutFrom } from './shutdown';
import { startupErrorSentence } from './startup-errors';

/**
 * Starts the server with the settings `configure` reads, stops it cleanly on SIGTERM / SIGINT, and
 * turns a start-up failure into one sentence on stderr and exit 1. Shared by `npm start` (main.ts)
 * and the single executable (binary.ts).
 */
export async function run(configure: () => ServerConfig | Promise<ServerConfig>): Promise<void> {
  let config: ServerConfig | undefined;
  try {
    log.level = logLevelFrom(process.env);
    const timeoutMs = shutdownTimeoutFrom(process.env);
    config = await configure();
    const running = await startServer(config);
    exitOnSignals((ms) => running.shutdown(ms), { timeoutMs, log });
    log.info({ url: running.url }, `Server listening on ${running.url}`);
  } catch (error) {
    // One sentence for the operator, no stack: what is wrong and which setting to change.
    process.stderr.write(`${startupErrorSentence(error, config ?? {})}\n`);
    process.exit(1);
  }
}
