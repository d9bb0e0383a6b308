import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background thread copies the write-ahead log into the database file. */
export const CHECKPOINT_EVERY_MS = 100;
/**
 * The log's length (pages) at which a commit checkpoints on its own connection after all: a safety
 * net should the background thread stop; it never comes near while the thread runs.
 */
export const SAFETY_AUTOCHECKPOINT_PAGES = 20_000;
/** How long closing waits for the thread's connection to close. */
const STOP_WAIT_MS = 2000;

// Runs in a thread of its own, on a connection of its own, through better-sqlite3 itself: the same
// loaded addon, so the same copy of SQLite as the server's connections. A second copy of SQLite in
// one process (Node's built-in one, say) would not see this process's file locks, and could truncate
// the shared-memory file under them (SIGBUS) or worse. A PASSIVE checkpoint never waits for a
// writer or a reader, and a second process's checkpointer busy at the same moment is skipped.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const flag = new Int32Array(workerData.flag);
const db = new Database(workerData.path);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
// Sleeps on the flag between checkpoints, so a stop is heard at once.
while (Atomics.load(flag, 0) === RUNNING) {
  try { checkpoint.get(); } catch {}
  Atomics.wait(flag, 0, RUNNING, workerData.everyMs);
}
db.close();
Atomics.store(flag, 0, CLOSED);
Atomics.notify(flag, 0);
`
  .replaceAll('RUNNING', '0')
  .replaceAll('CLOSED', '2');

export interface Checkpointer {
  stop(): void;
}

/** SQLite's own default: a commit that takes the log past this many pages checkpoints it. */
export const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * Moves SQLite's checkpoints (copying the write-ahead log into the file, with its fsyncs) off the
 * server's thread: left to commits, every thousandth page or so a commit stalled every request for
 * tens of milliseconds while it copied them. The writer connection's autocheckpoint moves to
 * SAFETY_AUTOCHECKPOINT_PAGES while the thread runs, and back to SQLite's default should it fail.
 */
export function startCheckpointer(
  writer: Database.Database,
  path: string,
  everyMs = CHECKPOINT_EVERY_MS,
  driver = createRequire(import.meta.url).resolve('better-sqlite3'),
): Checkpointer {
  writer.pragma(`wal_autocheckpoint = ${SAFETY_AUTOCHECKPOINT_PAGES}`);
  // 0 while it runs, 1 asked to stop, 2 its connection closed.
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, everyMs, driver, flag: flag.buffer },
  });
  // It must never keep a process alive, nor take it down.
  worker.unref();
  let failed = false;
  worker.on('error', () => {
    failed = true;
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  });
  return {
    // Waits (briefly) for the thread's connection to close: the last connection to close empties
    // the log into the file, and closeDb's final checkpoint needs no other connection open.
    stop() {
      if (Atomics.load(flag, 0) !== 0) return;
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      if (!failed) Atomics.wait(flag, 0, 1, STOP_WAIT_MS);
    },
  };
}
