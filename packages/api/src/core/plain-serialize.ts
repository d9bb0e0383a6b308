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

/** Where an object was met: its parent's place and its key there (null for the root). */
interface Place {
  parent: Met | null;
  key: string;
  depth: number;
}

/** An object met: where first, what it became, and the places it was met again. */
interface Met extends Place {
  out?: unknown;
  found?: Annotation;
  /** Set once its walk ended: meeting it again before that is meeting an ancestor (a cycle). */
  done: boolean;
  again?: Place[];
}

/** superjson's path of a place: its keys from the root, each escaped, joined by '.'. */
function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place = place; at.parent; at = at.parent) keys.push(escapeKey(at.key));
  return keys.reverse().join('.');
}

/**
 * superjson's `referentialEqualities`: for every object met more than once, its shortest path
 * (the first met among equals) and the others, in the order the objects were first met.
 */
function equalities(met: Map<object, Met>): Record<string, string[]> | undefined {
  let result: Record<string, string[]> | undefined;
  for (const first of met.values()) {
    if (!first.again) continue;
    const [shortest, ...others] = [first, ...first.again].sort((a, b) => a.depth - b.depth);
    (result ??= {})[pathOf(shortest!)] = others.map(pathOf);
  }
  return result;
}

/**
 * What `superjson.serialize` makes of a value, made faster for plain data: objects, arrays,
 * strings, booleans, null, finite numbers, undefined and Dates, an object met twice written twice
 * with superjson's note that the two are one (a write's `now` is often its event's date and its
 * answer's). superjson asks every node of every value about every type it knows (a tenth of a
 * write's CPU went to it: each write serializes its events and its answer); this walk knows only
 * these, and hands anything else (a Map, a Set, a bigint, NaN, -0, a class, a cycle) to superjson
 * whole, so the result is always superjson's.
 */
export function serialize(value: unknown): Serialized {
  // The annotations of the node walked last, built as superjson builds them (a leaf's type, or its
  // children's paths below it), so that even their order is superjson's.
  let found: Annotation | undefined;
  const met = new Map<object, Met>();
  let shared = false;

  const walk = (node: unknown, parent: Met | null, key: string): unknown => {
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
        const depth = parent ? parent.depth + 1 : 0;
        const before = met.get(node);
        if (before) {
          if (!before.done) return NOT_PLAIN;
          (before.again ??= []).push({ parent, key, depth });
          shared = true;
          found = before.found;
          return before.out;
        }
        const self: Met = { parent, key, depth, done: false };
        met.set(node, self);
        const out = walkObject(node, self);
        if (out === NOT_PLAIN) return NOT_PLAIN;
        self.out = out;
        self.found = found;
        self.done = true;
        return out;
      }
      default:
        return NOT_PLAIN;
    }
  };

  const walkObject = (node: object, self: Met): unknown => {
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
        const key = String(i);
        const item = walk(node[i], self, key);
        if (item === NOT_PLAIN) return NOT_PLAIN;
        take(key);
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
      const item = walk((node as Record<string, unknown>)[key], self, key);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      take(key);
      out[key] = item;
    }
    found = inner;
    return out;
  };

  const json = walk(value, null, '');
  if (json === NOT_PLAIN) return superjson.serialize(value);
  const annotations = found as Annotation | undefined;
  const referentialEqualities = shared ? equalities(met) : undefined;
  if (!annotations && !referentialEqualities) return { json: json as Serialized['json'] };
  return {
    json: json as Serialized['json'],
    meta: {
      ...(annotations && { values: annotations as never }),
      ...(referentialEqualities && { referentialEqualities }),
      v: 1,
    },
  };
}
