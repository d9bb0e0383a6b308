import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../src/index';
import { runOne } from './helpers';

const sandbox = createSandbox({ workers: 1 });
afterAll(() => sandbox.close());

describe('console output', () => {
  it('captures every console method in order', async () => {
    const result = await runOne(
      sandbox,
      `function f() {
        console.log("log", 1);
        console.info("info");
        console.warn("warn");
        console.error("error");
        console.debug("debug");
        return 1;
      }`,
      'assert(f(), 1)',
    );
    expect(result.status).toBe('OK');
    expect(result.output).toBe('log 1\ninfo\nwarn\nerror\ndebug\n');
  });

  it('renders values the way a reader expects', async () => {
    const result = await runOne(
      sandbox,
      `function f() {
        console.log([1, "two", [3]], { a: -0, "b c": null, d: undefined }, NaN, 10n);
        console.log(new Map([["k", 1]]), new Set([1]), function named() {}, Symbol("s"));
        return 1;
      }`,
      'assert(f(), 1)',
    );
    expect(result.output).toBe(
      '[1, "two", [3]] {a: -0, "b c": null, d: undefined} NaN 10n\n' +
        'Map(1) {"k" => 1} Set(1) {1} [Function: named] Symbol(s)\n',
    );
  });

  it('keeps output when the program then fails', async () => {
    const result = await runOne(
      sandbox,
      'function f() { console.log("before"); throw new Error("after"); }',
      'assert(f(), 1)',
    );
    expect(result.status).toBe('Runtime Error');
    expect(result.output).toBe('before\n');
  });

  it('cuts output by bytes on a character boundary, with a marker', async () => {
    const result = await runOne(
      sandbox,
      'function f() { console.log("é".repeat(100)); return 1; }',
      'assert(f(), 1)',
      {
        outputBytes: 11,
      },
    );
    expect(result.output).toBe('ééééé\n…(output truncated)');
  });

  it('never prints guest output on the server', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const result = await runOne(
        sandbox,
        'function f() { console.log("guest-secret"); console.error("guest-secret"); return 1; }',
        'assert(f(), 1)',
      );
      expect(result.output).toContain('guest-secret');
      const printed = [...stdout.mock.calls, ...stderr.mock.calls].map((call) => String(call[0]));
      expect(printed.join('')).not.toContain('guest-secret');
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  });
});
