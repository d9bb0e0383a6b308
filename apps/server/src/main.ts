import { startServer } from './app';
import { loadConfig, type ServerConfig } from './config';
import { log, logLevelFrom } from './log';
import { exitOnSignals, shutdownTimeoutFrom } from './shutdown';
import { startupErrorSentence } from './startup-errors';

let config: ServerConfig | undefined;
try {
  log.level = logLevelFrom(process.env);
  const timeoutMs = shutdownTimeoutFrom(process.env);
  config = loadConfig();
  const running = await startServer(config);
  exitOnSignals((ms) => running.shutdown(ms), { timeoutMs, log });
  log.info({ url: running.url }, `Server listening on ${running.url}`);
} catch (error) {
  // One sentence for the operator, no stack: what is wrong and which setting to change.
  process.stderr.write(`${startupErrorSentence(error, config ?? {})}\n`);
  process.exit(1);
}
