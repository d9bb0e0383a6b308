import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export type { Logger };

/**
 * The server's logs: one JSON object a line on stdout (pino), for a collector to read. Request lines
 * (http/request-log.ts) carry an id, the door, method, route (the path, never the query), status,
 * duration, the client's address and the signed-in user's id; never a password, a cookie, a session
 * id or a Set-Cookie.
 */

const LEVELS: readonly LevelWithSilent[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** LOG_LEVEL: info by default, silent under the test runner (NODE_ENV=test) unless it is set. */
export function logLevelFrom(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const text = env.LOG_LEVEL?.trim().toLowerCase();
  if (!text) return env.NODE_ENV === 'test' ? 'silent' : 'info';
  const level = LEVELS.find((name) => name === text);
  if (!level)
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${env.LOG_LEVEL}".`);
  return level;
}

/**
 * Never written, whatever a log call is handed: a second line of defence, since no log call of ours
 * passes headers, bodies or sessions (request lines are built field by field below).
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'cookie',
  'sessionId',
  'sid',
  'input.password',
  'input.newPassword',
];

/**
 * Straight to stdout, one write a line, as pino does by default: measured cheaper per line than its
 * asynchronous writer, and nothing is lost when the process exits. Whatever runs the server must
 * read its stdout (a terminal, a supervisor, a collector, /dev/null).
 */
const stdout = () => pino.destination({ dest: 1, sync: true });

export function createLogger(
  options: { level?: LevelWithSilent; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination ?? stdout(),
  );
}

function initialLevel(): LevelWithSilent {
  try {
    return logLevelFrom();
  } catch {
    // main.ts reads LOG_LEVEL again and stops with the sentence.
    return 'info';
  }
}

/** The process's logger. */
export const log: Logger = createLogger({ level: initialLevel() });
