import superjson from 'superjson';

export type Serialized = ReturnType<typeof superjson.serialize>;

/** Met a value plain data does not hold: superjson itself serializes the whole value. */
const NOT_PLAIN = Symbol('not plain');

/** superjson's path syntax: a key's dots and backslashes escaped, segments joined by '.'. */
const escapeKey = (key: string) =>
  key.includes('.') || key.includes('\\')
    ? key.replaceAll('\\', '\\\\').replaceAll('.', '\\.')
    : key;
/** A leaf's type (`['Date']`), or the types below a node by their paths. */
type Annotation = [string] | Record<string, [string]>;

/**
 * What `superjson.serialize` makes of a value, made faster for plain data: objects, arrays,
 * strings, booleans, null, finite numbers, undefined and Dates, each object met once. superjson
 * asks every node of every value about every type it knows (a tenth of a write's CPU went to it:
 * each write serializes its events and its answer); this walk knows only these, and hands
 * anything else (a Map, a Set, a bigint, NaN, -0, a class, one object met twice, which superjson
 * records as shared) to superjson whole, so the result is always superjson's.
 */
export function serialize(value: unknown): Serialized {
  // The annotations of the node walked last, built as superjson builds them (a leaf's type, or its
  // children's paths below it), so that even their order is superjson's.
  let found: Annotation | undefined;
  const seen = new Set<object>();

  const walk = (node: unknown): unknown => {
    found = undefined;
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return node;
      case 'number':
        return Number.isFinite(node) && !Object.is(node, -0) ? node : NOT_PLAIN;
      case 'undefined':
        found = ['undefined'];
        return null;
      case 'object': {
        if (node === null) return null;
        if (seen.has(node)) return NOT_PLAIN;
        seen.add(node);
        if (node instanceof Date) {
          // superjson writes an invalid Date as "Invalid Date": leave that rare one to it.
          if (Number.isNaN(node.getTime())) return NOT_PLAIN;
          found = ['Date'];
          return node.toISOString();
        }
        let inner: Record<string, [string]> | undefined;
        const take = (key: string) => {
          if (!found) return;
          inner ??= {};
          const at = escapeKey(key);
          if (Array.isArray(found)) inner[at] = found;
          else for (const [below, type] of Object.entries(found)) inner[`${at}.${below}`] = type;
        };
        if (Array.isArray(node)) {
          const out: unknown[] = new Array(node.length);
          for (let i = 0; i < node.length; i++) {
            if (!(i in node)) return NOT_PLAIN; // a hole: superjson's walk skips it
            const item = walk(node[i]);
            if (item === NOT_PLAIN) return NOT_PLAIN;
            take(String(i));
            out[i] = item;
          }
          found = inner;
          return out;
        }
        const prototype = Object.getPrototypeOf(node) as unknown;
        if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
        if (Object.getOwnPropertySymbols(node).length > 0) return NOT_PLAIN;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(node)) {
          const item = walk((node as Record<string, unknown>)[key]);
          if (item === NOT_PLAIN) return NOT_PLAIN;
          take(key);
          out[key] = item;
        }
        found = inner;
        return out;
      }
      default:
        return NOT_PLAIN;
    }
  };

  const json = walk(value);
  if (json === NOT_PLAIN) return superjson.serialize(value);
  const annotations = found as Annotation | undefined;
  if (!annotations) return { json: json as Serialized['json'] };
  return { json: json as Serialized['json'], meta: { values: annotations as never, v: 1 } };
}
