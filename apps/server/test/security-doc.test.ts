import {
  appRouter,
  CONNECTION_CAP_TABLE,
  parseRateLimit,
  RATE_LIMIT_KINDS,
  RATE_LIMIT_TABLE,
} from '@app/api';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { restRouter } from '../src/legacy/rest';
import { createLogger } from '../src/ops/log';
import { procedureTypes } from '../src/trpc/trpc-internals';
import { PUBLIC_PROCEDURES } from './sweep/trpc-probes';

// docs/SECURITY.md is written from the code; this keeps it from going stale. Its
// matrix must list every procedure and REST path there is (and nothing else), its limit tables must
// give the code's numbers, and every test it cites must exist under the name it cites.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = readFileSync(resolve(repoRoot, 'docs/SECURITY.md'), 'utf8');

/** Every Markdown table row of the document, as its cells (trimmed, without the outer pipes). */
const rows = doc
  .split('\n')
  .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
  .map((line) =>
    line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split('|')
      .map((cell) => cell.trim()),
  );

/** The text of a cell that is one code span, or null. */
const codeOf = (cell: string | undefined): string | null =>
  /^`([^`]+)`$/.exec(cell ?? '')?.[1] ?? null;

/** Every code span in a cell. */
const codesIn = (cell: string | undefined): string[] =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

const PROCEDURE = /^[a-z]+\.[A-Za-z]+$/;
const REST_PATH = /^(GET|POST|PATCH|DELETE) (\/\S*)$/;

const procedureRows = rows.filter((cells) => PROCEDURE.test(codeOf(cells[0]) ?? ''));
const restRows = rows.filter((cells) => REST_PATH.test(codeOf(cells[0]) ?? ''));

/** appRouter's procedures: path → query, mutation or subscription. */
const procedures: Map<string, string> = procedureTypes(appRouter);

interface ExpressLayer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: ExpressLayer[] };
}

/** Every REST route the server answers, as `METHOD /path` (Express's own table of them). */
function restRoutes(): string[] {
  const router = restRouter({
    createRequestContext: () => Promise.reject(new Error('never called')),
    clientOrigins: [],
    trustedOrigins: [],
    log: createLogger({ level: 'silent' }),
  }) as unknown as { stack: ExpressLayer[] };
  const routes: string[] = [];
  for (const resource of router.stack) {
    for (const layer of resource.handle.stack ?? []) {
      if (!layer.route) continue;
      const path = `${resource.rawPath ?? ''}${layer.route.path === '/' ? '' : layer.route.path}`;
      for (const method of Object.keys(layer.route.methods))
        routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

const sorted = (items: Iterable<string>) => [...items].sort();

describe('docs/SECURITY.md', () => {
  it('lists every tRPC procedure of appRouter once, with its type, and nothing else', () => {
    const listed = procedureRows.map((cells) => codeOf(cells[0]) ?? '');
    expect(sorted(listed)).toEqual(sorted(procedures.keys()));
    for (const cells of procedureRows) {
      const path = codeOf(cells[0]) ?? '';
      expect(cells[1], path).toBe(procedures.get(path));
    }
  });

  it('says "anyone" for exactly the procedures the bad-input sweep proves public', () => {
    const anyone = procedureRows
      .filter((cells) => cells[2]?.startsWith('anyone'))
      .map((cells) => codeOf(cells[0]) ?? '');
    expect(sorted(anyone)).toEqual(sorted(PUBLIC_PROCEDURES));
  });

  it('names real rate limits in the matrix, and every limit at least once', () => {
    const named = procedureRows.flatMap((cells) => codesIn(cells[3]));
    const kinds = new Set<string>(RATE_LIMIT_KINDS);
    expect(named.filter((kind) => !kinds.has(kind))).toEqual([]);
    expect(RATE_LIMIT_KINDS.filter((kind) => !named.includes(kind))).toEqual([]);
  });

  it('lists every REST path the server routes once, and nothing else', () => {
    const listed = restRows.map((cells) => codeOf(cells[0]) ?? '');
    expect(sorted(listed)).toEqual(sorted(restRoutes()));
  });

  it('has each REST path call procedures that exist', () => {
    for (const cells of restRows) {
      const named = codesIn(cells[1]).filter((code) => PROCEDURE.test(code));
      expect(named.length, cells[0]).toBeGreaterThan(0);
      expect(
        named.filter((path) => !procedures.has(path)),
        cells[0],
      ).toEqual([]);
    }
  });

  it('gives the code’s number, key and place for every rate limit', () => {
    const table = rows.filter((cells) => {
      const kind = codeOf(cells[0]);
      return kind !== null && Object.hasOwn(RATE_LIMIT_TABLE, kind) && /\//.test(cells[1] ?? '');
    });
    expect(sorted(table.map((cells) => codeOf(cells[0]) ?? ''))).toEqual(sorted(RATE_LIMIT_KINDS));
    for (const [cell, written = '', per, counted] of table) {
      const kind = codeOf(cell) as keyof typeof RATE_LIMIT_TABLE;
      const { max, windowMs } = RATE_LIMIT_TABLE[kind];
      expect(parseRateLimit(written), kind).toEqual({ max, windowMs });
      expect(per, kind).toBe(RATE_LIMIT_TABLE[kind].per);
      expect(counted, kind).toBe(RATE_LIMIT_TABLE[kind].counted);
    }
  });

  it('gives the code’s number and close code for every connection cap', () => {
    const table = rows.filter((cells) => {
      const kind = codeOf(cells[0]);
      return kind !== null && Object.hasOwn(CONNECTION_CAP_TABLE, kind);
    });
    expect(sorted(table.map((cells) => codeOf(cells[0]) ?? ''))).toEqual(
      sorted(Object.keys(CONNECTION_CAP_TABLE)),
    );
    for (const [cell, value, refusal] of table) {
      const kind = codeOf(cell) as keyof typeof CONNECTION_CAP_TABLE;
      expect(Number(value), kind).toBe(CONNECTION_CAP_TABLE[kind].value);
      expect(refusal, kind).toContain(`close ${CONNECTION_CAP_TABLE[kind].closeCode}`);
    }
  });

  it('cites test files that exist, by names they contain', () => {
    const missing: string[] = [];
    let cited = 0;
    for (const line of doc.split('\n')) {
      // `file.test.ts` then "name", "name" …: each name belongs to the file cited before it.
      const parts = line.split(/`([\w./-]+\.test\.ts)`/);
      for (let i = 1; i < parts.length; i += 2) {
        const file = parts[i] ?? '';
        const path = resolve(repoRoot, file);
        if (!existsSync(path)) {
          missing.push(`${file} (no such file)`);
          continue;
        }
        const source = readFileSync(path, 'utf8');
        for (const [, name = ''] of (parts[i + 1] ?? '').matchAll(/"([^"]+)"/g)) {
          cited++;
          if (!source.includes(name)) missing.push(`${file}: "${name}"`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });
});
