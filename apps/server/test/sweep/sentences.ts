import * as validators from '@app/validators';

/**
 * The bad-input sweep's test of an answer's words: one of OUR sentences (packages/validators), never
 * a library's message or a JavaScript internal.
 */

/** Words that only a library, the runtime or a stack trace would say. */
const INTERNALS =
  /Expected|Unexpected token|at Object\.|\bat \S+ \(|\w+\.[cm]?[jt]s:\d+|TypeError|SyntaxError|RangeError|ReferenceError|URIError|ZodError|\[object Object\]|undefined|\bNaN\b|node_modules|SQLITE|\bstack\b|<!DOCTYPE|<html|Cannot (GET|POST|PUT|PATCH|DELETE)|No procedure found|-request to|content-type|batch|sseSubscriptions|observable|httpBatchStreamLink/;

const MARK = '\u0001';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message made by a function: what it says for marker, numeric and list arguments, as patterns. */
function templatesOf(make: (...args: unknown[]) => unknown): RegExp[] {
  const arity = Math.max(1, make.length);
  const argumentSets: unknown[][] = [
    Array.from({ length: arity }, (_, i) => `${MARK}${i}${MARK}`),
    Array.from({ length: arity }, () => 1),
    Array.from({ length: arity }, () => 7),
    Array.from({ length: arity }, () => ['a', 'b']),
  ];
  const patterns: RegExp[] = [];
  for (const args of argumentSets) {
    let said: unknown;
    try {
      said = make(...args);
    } catch {
      continue;
    }
    if (typeof said !== 'string' || said === '') continue;
    const source = escape(said)
      .replace(new RegExp(`${MARK}\\d+${MARK}`, 'g'), '.+')
      .replace(/\d+/g, '\\d+');
    patterns.push(new RegExp(`^${source}$`, 's'));
  }
  return patterns;
}

function collect(value: unknown, exact: Set<string>, patterns: RegExp[]): void {
  if (typeof value === 'string') exact.add(value);
  else if (typeof value === 'function')
    patterns.push(...templatesOf(value as (...args: unknown[]) => unknown));
  else if (value && typeof value === 'object' && !('_zod' in value))
    for (const item of Object.values(value)) collect(item, exact, patterns);
}

const exact = new Set<string>();
const patterns: RegExp[] = [
  // packages/validators/src/zod-messages.ts: every rule without a message of its own.
  /^(The [a-z0-9 ]+|This value) (is too long \(at most \d+ characters\)|has too many items \(at most \d+\)|is too large \(at most \d+\)|is too short|needs at least \d+ item\(s\)|is too small|is missing|is not a valid [a-z ]+|is not one of the allowed choices|is not valid)\.$/,
  // packages/validators' sentences made from a name (invalidIdSentence, notAnObjectSentence).
  /^Invalid [\w ]+$/,
  /^[\w ]+ must be a JSON object\.$/,
];
for (const [name, value] of Object.entries(validators))
  if (/Messages$/.test(name)) collect(value, exact, patterns);

/** Whether a message is one of our sentences (and says nothing a library or the runtime would). */
export function isOurSentence(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '' || INTERNALS.test(message)) return false;
  return exact.has(message) || patterns.some((pattern) => pattern.test(message));
}

/** Whether a whole answer's text shows anything internal (a stack, a library's words). */
export function showsInternals(text: string): boolean {
  return INTERNALS.test(text);
}
