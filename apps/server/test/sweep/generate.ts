import superjson from 'superjson';
import {
  deepArray,
  deepObject,
  hostileIds,
  hostileNumbers,
  hostileStrings,
  RawJson,
  wrongTypes,
  type Hostile,
} from './hostile';

/**
 * The bad-input sweep's generator: from a procedure's input schema (zod v4, as JSON Schema), a valid
 * sample (field hints give real fixture ids), and hostile variants of it, field by field.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

export type FieldPath = readonly (string | number)[];

/** A value for a field, or `undefined` for no hint (then the schema decides). */
export type Hints = (path: FieldPath) => { value: unknown } | undefined;

/** The main type of a schema node (nullable unions count as their other branch). */
export function mainType(schema: JsonSchema): string {
  if (schema.enum) return 'enum';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const concrete = types.find((type) => type !== 'null');
  if (concrete) return concrete;
  const branch = schema.anyOf?.find((option) => mainType(option) !== 'null');
  return branch ? mainType(branch) : (types[0] ?? 'unknown');
}

/** The branch of a union that is not null. */
function concrete(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((option) => mainType(option) !== 'null') ?? schema;
}

/** A valid value for the schema; hints first, so ids point at the fixtures. */
export function sampleOf(schema: JsonSchema, hints: Hints, path: FieldPath = []): unknown {
  const hinted = hints(path);
  if (hinted) return hinted.value;
  const node = concrete(schema);
  switch (mainType(node)) {
    case 'enum':
      return node.enum?.[0];
    case 'string': {
      const length = Math.min(Math.max(node.minLength ?? 0, 12), node.maxLength ?? 12);
      return 'Sweep sample text'.padEnd(length, 'x').slice(0, Math.max(length, 1));
    }
    case 'integer':
    case 'number':
      return node.minimum ?? (node.exclusiveMinimum === undefined ? 1 : node.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(1, node.minItems ?? 0);
      return Array.from({ length: count }, (_, i) =>
        sampleOf(node.items ?? {}, hints, [...path, i]),
      );
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(node.properties ?? {}))
        value[key] = sampleOf(property, hints, [...path, key]);
      return value;
    }
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

/** Every field of the schema (objects' properties, an array's first item), with its schema. */
export function fieldsOf(
  schema: JsonSchema,
  path: FieldPath = [],
): { path: FieldPath; schema: JsonSchema }[] {
  const node = concrete(schema);
  const here = path.length > 0 ? [{ path, schema: node }] : [];
  const type = mainType(node);
  if (type === 'object')
    return [
      ...here,
      ...Object.entries(node.properties ?? {}).flatMap(([key, property]) =>
        fieldsOf(property, [...path, key]),
      ),
    ];
  if (type === 'array' && node.items) return [...here, ...fieldsOf(node.items, [...path, 0])];
  return here;
}

const REMOVE = Symbol('remove');

/** A copy of `base` with the field at `path` replaced (or removed). */
export function withField(base: unknown, path: FieldPath, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object') return copy;
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value !== REMOVE) node[last] = value;
  else if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

export interface Variant {
  label: string;
  /** The input as sent: JavaScript values (through superjson), RawJson where raw text goes. */
  input: unknown;
}

/** How big hostile values may be: a POST body holds far more than a GET's address. */
export interface VariantLimits {
  longString: number;
  deepLevels: number;
  manyItems: number;
  /** A sample of the strings and numbers (the REST adapters hand them to the procedures swept in full). */
  lean?: boolean;
}

const LEAN = new Set([
  'empty string',
  'U+0000',
  'text with U+0000',
  'U+202E override',
  'lone surrogate',
  'path traversal',
  '-1',
  '0',
  '1.5',
  'NaN',
  '1e309 (raw JSON)',
  '2^53+1 (raw JSON)',
  '"1" (text)',
  'id abc',
  'id ../../etc',
]);

const ID_NAME = /(^id$|Id$|^qid$|^pid$|username|^name$)/;

/** The hostile values for one field of the given schema. */
export function hostileFor(
  schema: JsonSchema,
  key: string | number,
  limits: VariantLimits,
): Hostile[] {
  const type = mainType(schema);
  const deep = [
    { label: `${limits.deepLevels}-deep array`, value: deepArray(limits.deepLevels) },
    { label: `${limits.deepLevels}-deep object`, value: deepObject(limits.deepLevels) },
  ];
  const base = [...wrongTypes(type === 'enum' ? 'string' : type), ...deep];
  const sampled = (values: Hostile[]) =>
    limits.lean ? values.filter((value) => LEAN.has(value.label)) : values;
  const strings = hostileStrings(limits.longString);
  switch (type) {
    case 'string':
      return [
        ...base,
        // The over-long string always: every door must refuse it in a sentence.
        ...(limits.lean ? [...sampled(strings), ...strings.slice(-1)] : strings),
        ...(typeof key === 'string' && ID_NAME.test(key) ? sampled(hostileIds) : []),
      ];
    case 'enum':
      return [
        ...base,
        { label: 'unknown choice', value: 'nope' },
        { label: 'choice in capitals', value: String(schema.enum?.[0] ?? '').toUpperCase() },
        { label: 'empty choice', value: '' },
        { label: 'choice with U+0000', value: `${String(schema.enum?.[0] ?? '')}\u0000` },
      ];
    case 'integer':
    case 'number':
      // Ids as text are all the wrong type: two of them say enough.
      return [
        ...base,
        ...sampled(hostileNumbers),
        ...hostileIds.filter((id) => LEAN.has(id.label)),
      ];
    case 'boolean':
      return [...base, { label: '"true" (text)', value: 'true' }, { label: '1', value: 1 }];
    case 'array':
      return [
        ...base,
        { label: 'empty list', value: [] },
        {
          label: `${limits.manyItems} items`,
          value: Array.from({ length: limits.manyItems }, () => 'x'),
        },
        { label: 'list of nulls', value: [null, null] },
      ];
    case 'object':
      return [
        ...base,
        { label: 'empty object', value: {} },
        {
          label: 'prototype keys',
          value: new RawJson('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
        },
      ];
    default:
      return base;
  }
}

/** Field by field: missing, wrong types and the hostile values for its type. */
export function fieldVariants(
  schema: JsonSchema,
  sample: unknown,
  limits: VariantLimits,
): Variant[] {
  const variants: Variant[] = [];
  for (const field of fieldsOf(schema)) {
    const name = field.path.join('.');
    const key = field.path[field.path.length - 1] ?? '';
    variants.push({ label: `${name}: missing`, input: withField(sample, field.path, REMOVE) });
    for (const hostile of hostileFor(field.schema, key, limits))
      variants.push({
        label: `${name}: ${hostile.label}`,
        input: withField(sample, field.path, hostile.value),
      });
  }
  return variants;
}

/** The whole input replaced: absent, null, scalars, a list, deep nesting, prototype keys, junk meta. */
export function wholeInputVariants(sample: unknown, limits: VariantLimits): Variant[] {
  return [
    { label: 'no input', input: undefined },
    { label: 'input null', input: null },
    { label: 'input a string', input: 'text' },
    { label: 'input a number', input: 7 },
    { label: 'input a list', input: [sample] },
    { label: 'input empty object', input: {} },
    { label: `input ${limits.deepLevels}-deep array`, input: deepArray(limits.deepLevels) },
    { label: `input ${limits.deepLevels}-deep object`, input: deepObject(limits.deepLevels) },
    {
      label: 'input with prototype keys',
      input: new RawJson(
        `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}${
          sample && typeof sample === 'object' && !Array.isArray(sample)
            ? ',' + JSON.stringify(sample).slice(1, -1)
            : ''
        }}`.replace(/,}$/, '}'),
      ),
    },
    {
      label: 'input with unknown keys',
      input:
        sample && typeof sample === 'object' && !Array.isArray(sample)
          ? { ...sample, isAdmin: true, viewer: { id: 1 }, userId: 1 }
          : { isAdmin: true },
    },
  ];
}

/** Raw JSON values inside a tree: swapped for markers before superjson, restored in the text. */
function withMarkers(value: unknown, raws: RawJson[], plain = false): unknown {
  // Plain JSON has no bigint: its digits go as a raw number.
  if (plain && typeof value === 'bigint') value = new RawJson(value.toString());
  if (value instanceof RawJson) {
    raws.push(value);
    return `\u0000RAW${raws.length - 1}\u0000`;
  }
  if (Array.isArray(value)) return value.map((item) => withMarkers(item, raws, plain));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withMarkers(item, raws, plain)]),
    );
  return value;
}

/** The input as tRPC's client writes it (`{json, meta}`), with raw JSON where asked; undefined: none. */
export function trpcInputText(input: unknown): string | undefined {
  if (input === undefined) return undefined;
  const raws: RawJson[] = [];
  let text = JSON.stringify(superjson.serialize(withMarkers(input, raws)));
  raws.forEach((raw, i) => {
    text = text.replace(JSON.stringify(`\u0000RAW${i}\u0000`), raw.text);
  });
  return text;
}

/** A plain JSON body (the REST doors), with raw JSON where asked. */
export function plainJsonText(input: unknown): string {
  const raws: RawJson[] = [];
  let text = JSON.stringify(withMarkers(input, raws, true)) ?? 'null';
  raws.forEach((raw, i) => {
    text = text.replace(JSON.stringify(`\u0000RAW${i}\u0000`), raw.text);
  });
  return text;
}

/** The value the server reads from the input (raw JSON parsed as JSON.parse does). */
export function valueRead(input: unknown): unknown {
  if (input instanceof RawJson) return input.value;
  if (Array.isArray(input)) return input.map(valueRead);
  if (input && typeof input === 'object' && Object.getPrototypeOf(input) === Object.prototype)
    return Object.fromEntries(Object.entries(input).map(([key, item]) => [key, valueRead(item)]));
  return input;
}
