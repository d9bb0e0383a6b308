import { transportMessages } from '@app/validators';
import superjson from 'superjson';
import { serialize } from './plain-serialize';

type Serialized = ReturnType<typeof superjson.serialize>;
const serializedOnce = new WeakMap<object, Serialized>();

/** An input that is not what our clients' superjson writes: refused before superjson walks it. */
export class UnreadableInputError extends Error {
  constructor(options?: ErrorOptions) {
    super(transportMessages.malformed, options);
    this.name = 'UnreadableInputError';
  }
}

// What superjson 2.2 writes for the values our clients send: Dates, undefined, and the rarer bigint,
// -0/NaN/Infinity, Map and Set. Nothing else: no registered classes, symbols or custom types (superjson
// would answer in its own words), no Error, RegExp or URL.
const LEAF_TYPES = new Set(['Date', 'undefined', 'bigint', 'number']);
const COLLECTION_TYPES = new Set(['map', 'set']);
const META_VERSION = 1;
/** Annotated values plus shared-value paths: a form sends a handful. */
const MAX_ANNOTATIONS = 200;
/** Maps and Sets inside Maps and Sets. */
const MAX_TREE_DEPTH = 8;
const MAX_PATH_SEGMENTS = 32;
/** Nodes walked to prove that shared values did not make the input contain itself. */
const MAX_SHARED_NODES = 10_000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const ARRAY_INDEX = /^(0|[1-9]\d{0,8})$/;

type Path = readonly string[];

function refuse(): never {
  throw new UnreadableInputError();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** superjson's (v1) path syntax: segments joined by '.', with '\.' and '\\' escapes. */
function parsePath(text: string): string[] {
  const segments: string[] = [];
  let segment = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') {
      const escaped = text[++i];
      if (escaped !== '\\' && escaped !== '.') refuse();
      segment += escaped;
    } else if (char === '.') {
      segments.push(segment);
      segment = '';
    } else {
      segment += char;
    }
    if (segments.length >= MAX_PATH_SEGMENTS) refuse();
  }
  segments.push(segment);
  return segments;
}

/** The JSON value at `path`; a path that leads nowhere is refused. */
function valueAt(json: unknown, path: Path): unknown {
  let node = json;
  for (const key of path) {
    if (FORBIDDEN_KEYS.has(key)) refuse();
    if (Array.isArray(node)) {
      if (!ARRAY_INDEX.test(key) || Number(key) >= node.length) refuse();
      node = node[Number(key)];
    } else if (isRecord(node) && Object.hasOwn(node, key)) {
      node = node[key];
    } else {
      refuse();
    }
  }
  return node;
}

/** Whether the JSON at an annotated place is what superjson writes for that type. */
function fitsType(type: string, value: unknown): boolean {
  switch (type) {
    case 'Date':
      return typeof value === 'string' && value.length <= 64;
    case 'undefined':
      return value === null || value === undefined;
    case 'bigint':
      return typeof value === 'string' && /^-?\d{1,100}$/.test(value);
    case 'number':
      return value === 'NaN' || value === 'Infinity' || value === '-Infinity' || value === '-0';
    case 'set':
      return Array.isArray(value);
    case 'map':
      return (
        Array.isArray(value) && value.every((entry) => Array.isArray(entry) && entry.length === 2)
      );
    default:
      return false;
  }
}

/** No path is another's prefix (or the same): each place is rewritten once, its parent after it. */
function assertDisjoint(paths: readonly Path[]): void {
  const seen = new Set(paths.map((path) => JSON.stringify(path)));
  if (seen.size !== paths.length) refuse();
  for (const path of paths)
    for (let length = 0; length < path.length; length++)
      if (seen.has(JSON.stringify(path.slice(0, length)))) refuse();
}

class MetaChecker {
  private left = MAX_ANNOTATIONS;

  constructor(private readonly json: unknown) {}

  private spend(count: number): void {
    this.left -= count;
    if (this.left < 0) refuse();
  }

  /** `{path: node}` below `at`: the annotated values inside an object, a Map or a Set. */
  record(record: unknown, at: Path, depth: number): void {
    if (!isRecord(record) || depth > MAX_TREE_DEPTH) refuse();
    const entries = Object.entries(record);
    this.spend(entries.length);
    const paths = entries.map(([key]) => parsePath(key));
    assertDisjoint(paths);
    entries.forEach(([, node], i) => this.node(node, [...at, ...(paths[i] ?? [])], depth));
  }

  /** One annotated value: `[type]`, or `[type, {path: node}]` for a Map or Set holding some. */
  node(node: unknown, at: Path, depth: number): void {
    if (!Array.isArray(node) || node.length < 1 || node.length > 2) refuse();
    const [type, inside] = node as [unknown, unknown?];
    if (typeof type !== 'string' || !fitsType(type, valueAt(this.json, at))) refuse();
    if (node.length === 2) {
      if (!COLLECTION_TYPES.has(type)) refuse();
      this.record(inside, at, depth + 1);
    } else if (!LEAF_TYPES.has(type) && !COLLECTION_TYPES.has(type)) {
      refuse();
    }
  }

  /** `{path: [paths of the same value]}`; the array form only says the input contains itself. */
  references(references: unknown): void {
    if (!isRecord(references)) refuse();
    const paths: Path[] = [];
    for (const [representative, identical] of Object.entries(references)) {
      if (!Array.isArray(identical) || identical.length === 0) refuse();
      this.spend(1 + identical.length);
      paths.push(parsePath(representative));
      for (const path of identical as unknown[])
        paths.push(typeof path === 'string' ? parsePath(path) : refuse());
    }
    for (const path of paths) valueAt(this.json, path);
  }
}

/**
 * The meta our clients' superjson writes, or none: `values` (a tree mirroring json whose leaves are
 * known type names), `referentialEqualities` and `v`. Checked by bounded walks of our own, because
 * superjson's walk of a malformed one recurses until the stack overflows.
 */
function checkedMeta(json: unknown, meta: unknown): Serialized['meta'] {
  if (!isRecord(meta) || meta.v !== META_VERSION) refuse();
  const { values, referentialEqualities, ...rest } = meta;
  if (Object.keys(rest).some((key) => key !== 'v')) refuse();
  const checker = new MetaChecker(json);
  if (Array.isArray(values)) checker.node(values, [], 0);
  else if (values !== undefined) checker.record(values, [], 0);
  if (referentialEqualities !== undefined) checker.references(referentialEqualities);
  return meta as Serialized['meta'];
}

/** Shared values may form a loop or a tree far larger than the request: walk it with a budget. */
function assertSmallAndAcyclic(value: unknown): void {
  let left = MAX_SHARED_NODES;
  const stack = [value];
  const push = (child: unknown) => {
    if (--left < 0) refuse();
    stack.push(child);
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || node instanceof Date) continue;
    if (node instanceof Map) {
      for (const [key, item] of node) {
        push(key);
        push(item);
      }
    } else if (node instanceof Set || Array.isArray(node)) for (const item of node) push(item);
    else for (const item of Object.values(node)) push(item);
  }
}

/**
 * superjson (written by plain-serialize.ts's faster walk for plain data), remembering the
 * serialized form of frozen values: a frozen value cannot change, and the caches (question list
 * pages, tag list) hand the same frozen object to every reader, so a hot page is walked once rather
 * than on every request. Wire-compatible with plain superjson on the client.
 * Inputs are checked before superjson reads them; every failure to read one says our sentence.
 */
export const transformer = {
  serialize(value: unknown): Serialized {
    if (value === null || typeof value !== 'object' || !Object.isFrozen(value))
      return serialize(value);
    let serialized = serializedOnce.get(value);
    if (!serialized) serializedOnce.set(value, (serialized = serialize(value)));
    return serialized;
  },
  deserialize<T>(payload: unknown): T {
    if (payload === undefined) return undefined as T;
    if (!isRecord(payload)) refuse();
    const { json, meta, ...rest } = payload;
    if (Object.keys(rest).length > 0) refuse();
    // The payload was parsed from this request alone, so superjson may rewrite it in place (no deep copy).
    if (meta === undefined) return json as T;
    const checked = checkedMeta(json, meta);
    let value: T;
    try {
      value = superjson.deserialize<T>(
        { json: json as Serialized['json'], meta: checked },
        { inPlace: true },
      );
    } catch (cause) {
      throw new UnreadableInputError({ cause });
    }
    if (checked?.referentialEqualities) assertSmallAndAcyclic(value);
    return value;
  },
};
