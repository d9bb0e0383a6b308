import { describe, expect, it } from 'vitest';
import { capOutput, describeThrown, shorten, trimStack } from '../src/verdicts.mjs';

describe('messages', () => {
  it('cuts a stack to four frames and drops the prelude’s own', () => {
    const stack = [
      '    at equal (prelude.js:70:12)',
      ...Array.from({ length: 6 }, (_, i) => `    at f${i} (solution.js:${i + 1}:3)`),
    ].join('\n');
    expect(trimStack(stack)).toBe(
      [
        '    at f0 (solution.js:1:3)',
        '    at f1 (solution.js:2:3)',
        '    at f2 (solution.js:3:3)',
        '    at f3 (solution.js:4:3)',
        '    …',
      ].join('\n'),
    );
  });

  it('writes a thrown Error as its name, message and short stack', () => {
    expect(
      describeThrown({
        name: 'TypeError',
        message: 'not a function',
        stack: '    at f (solution.js:1:3)\n',
        isError: true,
      }),
    ).toBe('TypeError: not a function\n    at f (solution.js:1:3)');
  });

  it('writes any other thrown value as Uncaught and the value', () => {
    expect(describeThrown({ name: 'Uncaught', message: '42', stack: '', isError: false })).toBe(
      'Uncaught 42',
    );
  });

  it('shortens long text with an ellipsis', () => {
    expect(shorten('abcdef', 4)).toBe('abc…');
    expect(shorten('abc', 4)).toBe('abc');
  });

  it('leaves output within its limit alone', () => {
    expect(capOutput('hello\n', 6)).toBe('hello\n');
  });

  it('marks output the guest already cut', () => {
    expect(capOutput('hello\n', 100, true)).toBe('hello\n…(output truncated)');
  });
});
