import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background thread copies the write-ahead log into the database file. */
export const CHECKPOINT_EVERY_MS = 100;
/**
 * The log's length (pages) at which a commit checkpoints on its own connection after all: a safety
 * net should the background thread stop; it never comes near while the thread runs.
 */
export const SAFETY_AUTOCHECKPOINT_PAGES = 20_000;

// Runs in a thread of its own, on a connection of its own, through better-sqlite3 itself: the same
// loaded addon, so the same copy of SQLite as the server's connections. A second copy of SQLite in
// one process (Node's built-in one, say) would not see this process's file locks, and could truncate
// the shared-memory file under them (SIGBUS) or worse. A PASSIVE checkpoint never waits for a
// writer or a reader, and a second process's checkpointer busy at the same moment is skipped.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.get(); } catch {}
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): void;
}

/**
 * Moves SQLite's checkpoints (copying the write-ahead log into the file, with its fsyncs) off the
 * server's thread: left to commits, every thousandth page or so a commit stalled every request for
 * tens of milliseconds while it copied them. The caller sets its connections' autocheckpoint to
 * SAFETY_AUTOCHECKPOINT_PAGES.
 */
export function startCheckpointer(path: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, everyMs, driver } });
  // It must never keep a process alive, nor take it down.
  worker.unref();
  worker.on('error', () => undefined);
  let stopped = false;
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
