/**
 * The bad-input sweep's catalogue: hostile values by what the field expects. A value is either a
 * JavaScript value (sent through superjson, so NaN, -0, Infinity, bigint and Date travel in its meta)
 * or raw JSON text (numbers JSON.parse reads as Infinity or rounds, 10,000-deep nesting).
 */

/** Raw JSON text put in place of a value in the request; the server's JSON.parse reads it. */
export class RawJson {
  constructor(readonly text: string) {}
  /** What the server reads from it (for the schema oracle). */
  get value(): unknown {
    return JSON.parse(this.text);
  }
}

export interface Hostile {
  label: string;
  value: unknown;
}

export const DEEP_LEVELS = 10_000;
export const ONE_MB = 1024 * 1024;

export const deepArray = (levels: number) => new RawJson('['.repeat(levels) + ']'.repeat(levels));
export const deepObject = (levels: number) =>
  new RawJson('{"a":'.repeat(levels) + '1' + '}'.repeat(levels));

/**
 * Strings: empty, blank, control and direction characters, a lone surrogate, paths, markup, SQL,
 * format strings, prototype names, and one far over any field's limit (`long` characters: the body
 * limit allows ~200 KB in a POST; a GET's address holds a few KB).
 */
export function hostileStrings(long: number): Hostile[] {
  return [
    { label: 'empty string', value: '' },
    { label: 'blank string', value: '  \t\n ' },
    { label: 'U+0000', value: '\u0000' },
    { label: 'text with U+0000', value: 'ab\u0000cd' },
    { label: 'U+202E override', value: '\u202Eevil\u202C' },
    { label: 'U+2066 isolate', value: '\u2066x\u2069' },
    { label: 'only invisible characters', value: '\u200B\u200D\u00AD\uFEFF' },
    { label: 'C0 controls', value: '\u0001\u0002\u0007\u001B[31m\u007F' },
    { label: 'lone surrogate', value: '\uD800x' },
    { label: 'path traversal', value: '../../etc/passwd' },
    { label: 'markup', value: '<img src=x onerror=alert(1)>' },
    { label: 'SQL', value: "' OR 1=1; DROP TABLE users; --" },
    { label: 'format string', value: '%s%n%x${7*7}{{7*7}}' },
    { label: '__proto__', value: '__proto__' },
    { label: 'emoji', value: '🙂'.repeat(40) },
    { label: `${Math.round(long / 1024)} KB string`, value: 'x'.repeat(long) },
  ];
}

/** Numbers: negative, zero, fractional, NaN-ish, infinite, huge, beyond safe integers, numeric text. */
export const hostileNumbers: Hostile[] = [
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '1.5', value: 1.5 },
  { label: '-0', value: -0 },
  { label: 'NaN', value: Number.NaN },
  { label: 'Infinity', value: Number.POSITIVE_INFINITY },
  { label: '-Infinity', value: Number.NEGATIVE_INFINITY },
  { label: '1e309 (raw JSON)', value: new RawJson('1e309') },
  { label: '1e20', value: 1e20 },
  { label: '2^53+1 (raw JSON)', value: new RawJson('9007199254740993') },
  { label: 'bigint', value: 12n },
  { label: '"1" (text)', value: '1' },
  { label: '"NaN" (text)', value: 'NaN' },
];

/** Ids as a path or a field: zero, negative, infinite, words, paths. */
export const hostileIds: Hostile[] = [
  { label: 'id 0', value: '0' },
  { label: 'id -1', value: '-1' },
  { label: 'id 1e309', value: '1e309' },
  { label: 'id abc', value: 'abc' },
  { label: 'id ../../etc', value: '../../etc' },
  { label: 'id 1.5', value: '1.5' },
  { label: 'id 2^53+1', value: '9007199254740993' },
  { label: 'id with NUL', value: '1\u0000' },
];

/** Values of the wrong JSON type, for a field expecting `type`. */
export function wrongTypes(type: string): Hostile[] {
  const all: Record<string, Hostile> = {
    string: { label: 'a string', value: 'text' },
    number: { label: 'a number', value: 42 },
    boolean: { label: 'true', value: true },
    null: { label: 'null', value: null },
    array: { label: 'an array', value: ['a', 1] },
    object: { label: 'an object', value: { a: 1 } },
    date: { label: 'a Date', value: new Date(0) },
  };
  const same = type === 'integer' ? 'number' : type;
  return Object.entries(all)
    .filter(([kind]) => kind !== same)
    .map(([, hostile]) => hostile);
}
