import { createApiDeps } from '@app/api';
import { closeDb, createDb, databaseKind, questions } from '@app/db';
import { createSandbox } from '@app/sandbox';
import { seedDemoContent } from '@app/seed';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeDemoDatabase, type DemoDatabase } from '../src/ops/demo-database';

const DAY = 24 * 60 * 60 * 1000;
const folder = mkdtempSync(join(tmpdir(), 'demo-database-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The single executable's demo is a SQLite file its build wrote, placed as the site's SQLite file.
describe.runIf(databaseKind === 'sqlite')(
  'the single executable’s first start from the demo its build wrote',
  () => {
    /** The demo as a build writes it: seeded through the procedures into a file, gzipped. */
    let demo: DemoDatabase;
    let askedAt: number[];
    beforeAll(async () => {
      const path = join(folder, 'built.db');
      const db = createDb(path);
      const sandbox = createSandbox();
      const deps = await createApiDeps(db, { sandbox });
      await seedDemoContent(deps, { onlyIfEmpty: true });
      await deps.events.close();
      await sandbox.close();
      askedAt = db
        .select({ at: questions.askDateTime })
        .from(questions)
        .all()
        .map((q) => +q.at);
      closeDb(db);
      demo = { gzipped: gzipSync(readFileSync(path)), writtenAt: Date.now() };
    }, 60_000);

    it('puts the demo in place, its times moved by the time since it was written', async () => {
      const path = join(folder, 'first', 'app.db');
      const now = demo.writtenAt + 40 * DAY;
      expect(await placeDemoDatabase(path, demo, {}, now)).toBe(true);
      const db = createDb(path);
      const moved = db.select({ at: questions.askDateTime }).from(questions).all();
      closeDb(db);
      expect(moved.map((q) => +q.at)).toEqual(askedAt.map((at) => at + 40 * DAY));
      expect(moved.every((q) => +q.at < now && +q.at > now - 31 * DAY)).toBe(true);
    });

    it('leaves a database that is already there alone', async () => {
      const path = join(folder, 'taken.db');
      writeFileSync(path, 'someone’s data');
      expect(await placeDemoDatabase(path, demo, {})).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe('someone’s data');
    });

    it('leaves nothing half-written beside the database when placing fails', async () => {
      const path = join(folder, 'broken', 'app.db');
      const broken = { ...demo, gzipped: demo.gzipped.subarray(0, 100) };
      await expect(placeDemoDatabase(path, broken, {})).rejects.toThrow();
      expect(existsSync(path)).toBe(false);
      expect(readdirSync(join(folder, 'broken'))).toEqual([]);
    });
  },
);
