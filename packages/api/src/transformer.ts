import superjson from 'superjson';

type Serialized = ReturnType<typeof superjson.serialize>;
const serializedOnce = new WeakMap<object, Serialized>();

/**
 * superjson, remembering the serialized form of frozen values: a frozen value cannot change, and the
 * caches (question list pages, tag list) hand the same frozen object to every reader, so a hot page
 * is walked once rather than on every request. Wire-compatible with plain superjson on the client.
 */
export const transformer = {
  serialize(value: unknown): Serialized {
    if (value === null || typeof value !== 'object' || !Object.isFrozen(value))
      return superjson.serialize(value);
    let serialized = serializedOnce.get(value);
    if (!serialized) serializedOnce.set(value, (serialized = superjson.serialize(value)));
    return serialized;
  },
  deserialize: <T>(payload: Serialized): T => superjson.deserialize<T>(payload),
};
