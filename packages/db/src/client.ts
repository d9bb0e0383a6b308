import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';
import { runMigrations } from './migrate';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { createSearchIndexer } from './search-index';
import { cacheOneTimeStatements } from './statement-cache';
import { WriteLock } from './write-lock';

type Drizzle = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * A database: reads on it go to a connection of their own, writes through `$writer`. The services
 * await their queries (better-sqlite3 answers at once, PostgreSQL later) and write bodies may await
 * too, so a write transaction can stay open while other requests run: they read on the reader
 * connection, which sees only what is committed, and wait their turn to write.
 */
export type Db = Drizzle & { $writer: Writer };
/** The handle a write transaction's body receives: the writer connection, inside BEGIN IMMEDIATE. */
export type Tx = Drizzle;
/** Either: for service functions that may run inside or outside a transaction. */
export type Executor = Db | Tx;

export interface Writer {
  /**
   * Runs `body` in an IMMEDIATE transaction (it takes the file's write lock at BEGIN, so two
   * processes wait for each other instead of failing a read-then-write with SQLITE_BUSY_SNAPSHOT),
   * one body at a time in this process, in the order asked: answered once committed, rolled back
   * (alone) when it throws. Bodies asked for together share one COMMIT (WRITES_PER_COMMIT); none is
   * answered before the commit that holds it. New questions enter the search index just before that
   * COMMIT, all at once (search-index.ts). The body touches only the database: the file stays
   * locked for every process while it runs.
   */
  transaction<R>(body: (tx: Tx) => Promise<R> | R): Promise<R>;
  /** The writer connection, for a library that writes on its own (rate-limiter-flexible): hold `lock` around its calls. */
  client: Database.Database;
  lock: WriteLock;
  /**
   * The writer connection's handle while no transaction is open on it, else null: for a small
   * read made on every request, to be made at once (synchronously). Between transactions it sees
   * exactly what the reader sees, and its cache is warm: a commit empties the other connection's
   * cache, not the committing one's. SQLite only (absent on PostgreSQL).
   */
  idleHandle?: () => Tx | null;
}

function openConnection(path: string, runtime: DbRuntime): Database.Database {
  // better-sqlite3 takes the loaded addon object as well as a path; its types know only the path.
  const sqlite = new Database(
    path,
    runtime.nativeBinding
      ? { nativeBinding: runtime.nativeBinding as unknown as string }
      : undefined,
  );
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

// The background checkpointer of each writer connection that has one.
const checkpointers = new WeakMap<Database.Database, Checkpointer>();

// Which write body the running code belongs to, while it runs: a write asked for from inside one
// would wait for the lock its own body holds, for ever.
const openBody = new AsyncLocalStorage<{ open: boolean }>();

/**
 * At most this many write bodies share one COMMIT. A commit writes every page the bodies changed
 * to the log, and successive writes change the same pages (the outbox's last page, the counters,
 * the indexes' ends), so one commit for several is much cheaper than one each. Past about 16 a
 * group saves little more, and the answers of a group go out together when it commits: groups as
 * big as every request in flight (64 at 50 connections) left the requests that arrived while one
 * ran waiting for all of it and then their own, so the slowest percent took twice the median
 * (writes bench, 10 slices: comment p99 64–67 ms at 64, 47–56 ms at 16, same req/s; votes 42–48
 * → 33–37 ms). The file stays locked for one group, a few milliseconds of bodies.
 */
export const WRITES_PER_COMMIT = 16;

interface QueuedWrite {
  body: (tx: Tx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function createWriter(tx: Tx, indexNewQuestions: () => void): Writer {
  const lock = new WriteLock();
  const client = tx.$client;
  const queue: QueuedWrite[] = [];
  let gathering = false;

  /**
   * One commit: BEGIN IMMEDIATE, then each queued body in a SAVEPOINT of its own (a body that throws
   * is rolled back alone and refused at once), then one COMMIT for the bodies that succeeded, and
   * only then are they answered.
   */
  async function commitGroup(): Promise<void> {
    const done: { write: QueuedWrite; value: unknown }[] = [];
    try {
      client.exec('BEGIN IMMEDIATE');
    } catch (error) {
      queue.shift()?.reject(error);
      return;
    }
    try {
      while (queue.length > 0 && done.length < WRITES_PER_COMMIT) {
        const write = queue.shift() as QueuedWrite;
        const mine = { open: true };
        client.exec('SAVEPOINT write_body');
        try {
          const value = await openBody.run(mine, () => write.body(tx));
          client.exec('RELEASE write_body');
          done.push({ write, value });
        } catch (error) {
          // A failed statement may have ended the whole transaction (SQLite rolls back on some
          // errors): then the bodies before it are lost too, and refused with its error below.
          if (!client.inTransaction) {
            write.reject(error);
            throw error;
          }
          client.exec('ROLLBACK TO write_body');
          client.exec('RELEASE write_body');
          write.reject(error);
        } finally {
          mine.open = false;
        }
      }
      indexNewQuestions();
      client.exec('COMMIT');
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK');
      for (const { write } of done) write.reject(error);
      return;
    }
    for (const { write, value } of done) write.resolve(value);
  }

  /**
   * Waits one turn of the event loop before taking the lock, so the writes that the requests
   * arriving in that turn ask for share the commit. The wait comes before BEGIN: the file's write
   * lock is never held across a turn, where another process (or connection) would wait for it.
   */
  function gather() {
    if (gathering) return;
    gathering = true;
    setImmediate(() => {
      void lock.run(commitGroup).finally(() => {
        gathering = false;
        if (queue.length > 0) gather();
      });
    });
  }

  return {
    client,
    lock,
    idleHandle: () => (client.inTransaction ? null : tx),
    transaction<R>(body: (tx: Tx) => Promise<R> | R): Promise<R> {
      if (openBody.getStore()?.open)
        return Promise.reject(new Error('a write transaction was asked for inside another'));
      return new Promise<R>((resolve, reject) => {
        queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
        gather();
      });
    },
  };
}

/**
 * Every value drizzle binds is written `+?` instead of `?` (the same value: unary plus changes
 * nothing, not even affinity). SQLite's planner may look at a bound value to choose a plan (a join,
 * an ORDER BY, an index's samples) and then marks the statement to be compiled again whenever a
 * value is bound; better-sqlite3 binds on every run, so such a statement was compiled on every call,
 * some 10 µs each time. `+?` is an expression the planner does not look into: one plan per statement,
 * as SQLite's query-planner stability guarantee gives (which better-sqlite3 cannot switch on).
 */
function plannedOnce<T extends Drizzle>(db: T): T {
  const dialect = (db as unknown as { dialect: { escapeParam: (num: number) => string } }).dialect;
  dialect.escapeParam = () => '+?';
  return db;
}

/**
 * Where a single executable keeps what a checkout has in node_modules and packages/db: the
 * better-sqlite3 addon it loaded itself (process.dlopen) and the migrations it unpacked.
 */
export interface DbRuntime {
  nativeBinding?: object;
  migrationsFolder?: string;
  /**
   * Checkpoint the write-ahead log from a background thread instead of in the commits that fill it
   * (checkpointer.ts): for a server, whose every request would otherwise wait out those stalls.
   */
  checkpointInBackground?: boolean;
}

/**
 * Opens (creating if needed) the SQLite file, sets WAL and foreign keys, and applies migrations: a
 * writer connection and a reader. `:memory:` has one connection for both (another could not see
 * it): a read there may see a write whose body is still running.
 */
export function createDb(path: string, runtime: DbRuntime = {}): Db {
  const memory = path === ':memory:';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const tx = plannedOnce(drizzle(openConnection(path, runtime), { schema }));
  runMigrations(tx, runtime.migrationsFolder);
  // From now on the writer's savepoint journal stays in memory. Each write of a group commit runs in
  // a savepoint, whose journal went to a temporary file past 64 KiB, and every page it kept was then
  // a write to that file (a vote's outbox insert took twice as long). A write touches a few dozen
  // pages; the migrations above (an index built on a big table sorts through temporary storage) and
  // the reader's big sorts keep files.
  tx.$client.pragma('temp_store = MEMORY');
  // Not in the single executable: its better-sqlite3 is inside the binary, out of a thread's reach.
  if (runtime.checkpointInBackground && !memory && !runtime.nativeBinding) {
    checkpointers.set(tx.$client, startCheckpointer(tx.$client, path));
  }
  cacheOneTimeStatements(tx);
  // Questions written outside a writer's commit (a seed's or a tool's own statements) wait no longer.
  const indexWaiting = createSearchIndexer(tx.$client);
  tx.$client.transaction(indexWaiting).immediate();
  const db = (memory ? tx : plannedOnce(drizzle(openConnection(path, runtime), { schema }))) as Db;
  if (db !== tx) cacheOneTimeStatements(db);
  return Object.assign(db, { $writer: createWriter(tx, indexWaiting) });
}

/**
 * Closes both connections (the reader's is `$client`), the reader first: the checkpoint that then
 * empties the write-ahead log into the file waits for no reader, so the file is whole on its own.
 */
export function closeDb(db: Db): void {
  const writer = db.$writer.client;
  checkpointers.get(writer)?.stop();
  if (db.$client !== writer && db.$client.open) db.$client.close();
  if (!writer.open) return;
  if (!writer.memory) writer.pragma('wal_checkpoint(TRUNCATE)');
  writer.close();
}

/** A fresh, migrated in-memory database for tests. */
export function createTestDb(): Db {
  return createDb(':memory:');
}
