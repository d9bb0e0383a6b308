import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { closeDb, createDb, type Db } from '../../src';

/**
 * SQLite files of a test file's own, each in a new folder: every database opened here is closed,
 * and every folder removed, after each test.
 */
export function fileDatabases(prefix: string) {
  const opened: Db[] = [];
  const folders: string[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) closeDb(db);
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const path = () => {
    const dir = mkdtempSync(join(tmpdir(), `qa-${prefix}-`));
    folders.push(dir);
    return join(dir, 'app.db');
  };
  return {
    /** A path for a new database file, in a folder removed after the test. */
    path,
    /** The database at `file` (a new one by default), closed after the test. */
    open(file = path()): Db {
      const db = createDb(file);
      opened.push(db);
      return db;
    },
  };
}
