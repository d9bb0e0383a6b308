import { closeDb, createDb, type DbRuntime } from '@app/db';
import { moveDemoContent } from '@app/seed';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** A fresh site's database with the demo in it, written by this very build's server ahead of time. */
export interface DemoDatabase {
  gzipped: Uint8Array;
  /** When its story was told: its times are moved by the time since. */
  writtenAt: number;
}

/**
 * The single executable's first start: instead of telling the demo's story (some 85 writes
 * through the procedures and the sandbox, most of a second), it puts the database its build wrote
 * the same way at `path`, moved to now (moveDemoContent). Nothing happens when `path` exists. The
 * database is finished beside `path` and renamed into place, so a start that is killed halfway
 * leaves no half database behind, only a fresh site to seed.
 */
export async function placeDemoDatabase(
  path: string,
  demo: DemoDatabase,
  runtime: DbRuntime,
  now = Date.now(),
): Promise<boolean> {
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial-${process.pid}`;
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  };
  try {
    writeFileSync(partial, gunzipSync(demo.gzipped));
    // Opened as the server opens it: a migration this build has and the demo lacks runs here.
    const db = createDb(partial, runtime);
    try {
      await moveDemoContent(db, now - demo.writtenAt);
    } finally {
      closeDb(db);
    }
    renameSync(partial, path);
    return true;
  } finally {
    remove();
  }
}
