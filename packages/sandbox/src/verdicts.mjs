// @ts-check
// Verdicts and the words that go with them, shared by the worker (plain JavaScript, so it loads
// under any loader) and the pool. Everything here is pure.

/** @typedef {import('./types').Verdict} Verdict */
/** @typedef {import('./types').TestResult} TestResult */
/**
 * A thrown value as the guest prelude describes it (see assert.ts): an Error's name, message and
 * stack, or `name: 'Uncaught'` and a short rendering of any other value.
 * @typedef {{ name: string; message: string; stack: string; isError: boolean }} ThrownValue
 */

export const OUTPUT_TRUNCATED_MARKER = '…(output truncated)';
/** Stack frames kept in an error message. */
export const STACK_FRAMES = 4;
/** Characters kept of each value in a wrong answer's message. */
export const VALUE_CHARS = 300;
/** Characters kept of an error message. */
export const MESSAGE_CHARS = 500;

const MiB = 1024 * 1024;

/**
 * @param {string} text
 * @param {number} max
 */
export function shorten(text, max) {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * The first few `at …` lines of a QuickJS stack, without the prelude's own frames.
 * @param {string} stack
 * @param {number} [frames]
 */
export function trimStack(stack, frames = STACK_FRAMES) {
  const lines = stack
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim().startsWith('at ') && !line.includes('prelude.js'));
  const kept = lines.slice(0, frames).map((line) => `    ${line.trim()}`);
  if (lines.length > frames) kept.push('    …');
  return kept.join('\n');
}

/**
 * Console output cut to `maxBytes` of UTF-8 (on a character boundary), with a marker when cut.
 * @param {string} text
 * @param {number} maxBytes
 * @param {boolean} [alreadyCut] the guest already stopped recording
 */
export function capOutput(text, maxBytes, alreadyCut = false) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes && !alreadyCut) return text;
  let end = Math.min(maxBytes, bytes.length);
  // Step back over UTF-8 continuation bytes so no character is split.
  while (end > 0 && end < bytes.length && (bytes[end] ?? 0) >> 6 === 0b10) end--;
  const kept = bytes.subarray(0, end).toString('utf8');
  return `${kept}${kept.endsWith('\n') || kept === '' ? '' : '\n'}${OUTPUT_TRUNCATED_MARKER}`;
}

/**
 * How a thrown value reads in a Runtime Error: `TypeError: x is not a function` and a short stack,
 * or `Uncaught 42` for anything that is not an Error.
 * @param {ThrownValue} thrown
 */
export function describeThrown(thrown) {
  if (!thrown.isError) return shorten(`Uncaught ${thrown.message}`, MESSAGE_CHARS);
  const head = thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name;
  const stack = trimStack(thrown.stack);
  return stack ? `${shorten(head, MESSAGE_CHARS)}\n${stack}` : shorten(head, MESSAGE_CHARS);
}

export const messages = {
  /** @param {number} ms */
  timeLimit: (ms) => `Time limit exceeded: the program ran longer than ${ms} ms.`,
  /** @param {number} ms */
  notStopped: (ms) =>
    `Time limit exceeded: the program did not stop within ${ms} ms and was ended.`,
  /** @param {number} bytes */
  memoryLimit: (bytes) =>
    `Memory limit exceeded: the program needed more than ${formatMiB(bytes)} of memory.`,
  stackOverflow: 'RangeError: Maximum call stack size exceeded',
  crashed: 'The program stopped the interpreter unexpectedly.',
  unreadable: 'Uncaught exception (the thrown value could not be read)',
  noAssert: 'The test case did not call assert.',
  /**
   * @param {string} expected
   * @param {string} actual
   */
  wrongAnswer: (expected, actual) =>
    `Expected: ${shorten(expected, VALUE_CHARS)}\nActual: ${shorten(actual, VALUE_CHARS)}`,
  /** @param {ThrownValue} thrown */
  syntaxInSolution: (thrown) => describeSyntax(thrown),
  /** @param {ThrownValue} thrown */
  syntaxInTest: (thrown) =>
    `In the test case: ${shorten(thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name, MESSAGE_CHARS)}`,
};

/** @param {number} bytes */
function formatMiB(bytes) {
  const mib = bytes / MiB;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

/**
 * A syntax error with where it is (`solution.js:3:14`).
 * @param {ThrownValue} thrown
 */
function describeSyntax(thrown) {
  const head = shorten(thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name, 500);
  const where = /solution\.js:\d+:\d+/.exec(thrown.stack)?.[0];
  return where ? `${head}\n    at ${where}` : head;
}

/**
 * @param {Verdict} status
 * @param {Partial<TestResult>} [fields]
 * @returns {TestResult}
 */
export function testResult(status, fields = {}) {
  return {
    status,
    cpuTime: fields.cpuTime ?? 0,
    memoryUsage: fields.memoryUsage ?? 0,
    errorMessage: fields.errorMessage ?? '',
    output: fields.output ?? '',
  };
}
