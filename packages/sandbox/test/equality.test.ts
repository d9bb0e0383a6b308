import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type TestResult } from '../src/index';
import { IDENTITY } from './helpers';

const sandbox = createSandbox({ workers: 2 });
afterAll(() => sandbox.close());

/**
 * Runs `assert(id(actual), expected)` for each pair and answers the statuses, once each result's
 * message is the one its status goes with: a crash of the sandbox never passes for a verdict.
 */
async function compare(pairs: [actual: string, expected: string][]) {
  const results = await sandbox.runTests(
    IDENTITY,
    pairs.map(([actual, expected]) => `assert(id(${actual}), ${expected})`),
  );
  for (const result of results) expectOwnMessage(result);
  return results.map((result) => result.status);
}

function expectOwnMessage(result: TestResult) {
  if (result.status === 'OK') expect(result.errorMessage).toBe('');
  else expect(result.errorMessage, result.status).toMatch(/^Expected: .*\nActual: .*$/s);
}

describe('deep equality in assert', () => {
  it('treats NaN as equal to NaN', async () => {
    expect(
      await compare([
        ['NaN', 'NaN'],
        ['[NaN]', '[NaN]'],
        ['0 / 0', 'NaN'],
      ]),
    ).toEqual(['OK', 'OK', 'OK']);
  });

  it('tells -0 from 0', async () => {
    expect(
      await compare([
        ['-0', '0'],
        ['0', '-0'],
        ['-0', '-0'],
        ['[0]', '[-0]'],
      ]),
    ).toEqual(['Wrong Answer', 'Wrong Answer', 'OK', 'Wrong Answer']);
  });

  it('shows -0 as -0 in a wrong answer', async () => {
    const [result] = await sandbox.runTests(IDENTITY, ['assert(id(-0), 0)']);
    expect(result?.errorMessage).toBe('Expected: 0\nActual: -0');
  });

  it('compares nested arrays and objects by structure', async () => {
    expect(
      await compare([
        ['{ a: [1, { b: [2, 3] }], c: "x" }', '{ a: [1, { b: [2, 3] }], c: "x" }'],
        ['{ a: [1, { b: [2, 3] }] }', '{ a: [1, { b: [2, 4] }] }'],
        ['[[1, 2], [3]]', '[[1, 2], [3]]'],
        ['[[1, 2], [3]]', '[[1, 2], [3, 4]]'],
      ]),
    ).toEqual(['OK', 'Wrong Answer', 'OK', 'Wrong Answer']);
  });

  it('ignores the order of object keys', async () => {
    expect(await compare([['{ a: 1, b: 2 }', '{ b: 2, a: 1 }']])).toEqual(['OK']);
  });

  it('tells a property set to undefined from a missing one', async () => {
    expect(
      await compare([
        ['{ a: undefined }', '{}'],
        ['{}', '{ a: undefined }'],
        ['{ a: undefined }', '{ a: undefined }'],
      ]),
    ).toEqual(['Wrong Answer', 'Wrong Answer', 'OK']);
  });

  it('never equates an array with an object', async () => {
    expect(
      await compare([
        ['[1, 2]', '{ 0: 1, 1: 2 }'],
        ['{ 0: 1, 1: 2, length: 2 }', '[1, 2]'],
        ['[]', '{}'],
      ]),
    ).toEqual(['Wrong Answer', 'Wrong Answer', 'Wrong Answer']);
  });

  it('compares primitives strictly: no number equals its string, null is not undefined', async () => {
    expect(
      await compare([
        ['1', '"1"'],
        ['null', 'undefined'],
        ['undefined', 'undefined'],
        ['true', '1'],
        ['"abc"', '"abc"'],
        ['10n', '10n'],
      ]),
    ).toEqual(['Wrong Answer', 'Wrong Answer', 'OK', 'Wrong Answer', 'OK', 'OK']);
  });

  it('compares arrays by length and treats a hole as undefined', async () => {
    expect(
      await compare([
        ['[1, 2]', '[1, 2, 3]'],
        ['[, 1]', '[undefined, 1]'],
      ]),
    ).toEqual(['Wrong Answer', 'OK']);
  });

  it('compares Maps, Sets and Dates by content', async () => {
    expect(
      await compare([
        ['new Map([["a", [1]], ["b", [2]]])', 'new Map([["b", [2]], ["a", [1]]])'],
        ['new Map([["a", 1]])', 'new Map([["a", 2]])'],
        ['new Set([1, [2]])', 'new Set([[2], 1])'],
        ['new Set([1, 2])', 'new Set([1, 3])'],
        ['new Date(5)', 'new Date(5)'],
        ['new Date(5)', 'new Date(6)'],
      ]),
    ).toEqual(['OK', 'Wrong Answer', 'OK', 'Wrong Answer', 'OK', 'Wrong Answer']);
  });

  it('follows cycles without looping', async () => {
    const cyclic = '(() => { const a = [1]; a.push(a); return a; })()';
    expect(await compare([[cyclic, cyclic]])).toEqual(['OK']);
  });

  it('expects true when assert gets a single value', async () => {
    const results = await sandbox.runTests(IDENTITY, [
      'assert(id(1) === 1)',
      'assert(id(1) === 2)',
    ]);
    expect(results.map((result) => result.status)).toEqual(['OK', 'Wrong Answer']);
    expect(results[1]?.errorMessage).toBe('Expected: true\nActual: false');
  });

  it('stops a test at its first failing assert', async () => {
    const [result] = await sandbox.runTests(IDENTITY, [
      'assert(id(1), 1); assert(id(2), 3); assert(id(4), 5)',
    ]);
    expect(result?.status).toBe('Wrong Answer');
    expect(result?.errorMessage).toBe('Expected: 3\nActual: 2');
  });
});
