import { expect } from 'vitest';
import type { Sandbox, SandboxLimits, TestResult } from '../src/index';

/** Short deadlines keep the hostile tests quick; the defaults are checked in their own test. */
export const FAST: Partial<SandboxLimits> = { timeMs: 300 };

export const IDENTITY = 'function id(x) { return x; }';

/** Runs `code` against one test case and answers its single result. */
export async function runOne(
  sandbox: Sandbox,
  code: string,
  test: string,
  limits: Partial<SandboxLimits> = FAST,
): Promise<TestResult> {
  const [result] = await sandbox.runTests(code, [test], limits);
  if (!result) throw new Error('no result');
  return result;
}

/** After anything hostile: the same sandbox still runs a normal program correctly. */
export async function expectNextRunPasses(sandbox: Sandbox): Promise<void> {
  const results = await sandbox.runTests(IDENTITY, [
    'assert(id([1, 2]), [1, 2])',
    'assert(id(3), 3)',
  ]);
  expect(results.map((result) => result.status)).toEqual(['OK', 'OK']);
}

/** No host detail (paths, URLs, Node internals) ever reaches a message. */
export function expectNoHostDetails(text: string): void {
  expect(text).not.toMatch(/\/work\/|file:|node_modules|node:|wasm:\/\/|\.ts\b|\.mjs\b/);
}
