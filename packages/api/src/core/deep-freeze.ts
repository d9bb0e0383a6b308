/**
 * Freezes a value and everything in it. One value handed to many readers (a cached page, an event
 * fanned out to every subscriber) cannot then be changed by one of them for the others, and the
 * transformer serializes a frozen value once however many times it is sent.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
