import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serialize } from '../src/core/plain-serialize';

// The fast walk must write exactly what superjson writes (the web client and the outbox read it
// with superjson), for plain data and for everything it leaves to superjson.
const same = (value: unknown) =>
  expect(JSON.stringify(serialize(value))).toBe(JSON.stringify(superjson.serialize(value)));

const at = new Date('2026-11-27T08:00:00.000Z');

describe('serializing as superjson does', () => {
  it('writes plain data without meta', () => {
    same({ a: 1, b: 'x', c: true, d: null, e: [1, 'two', { f: [] }], g: {} });
    same([]);
    same('text');
    same(42);
    same(null);
  });

  it('annotates Dates and undefined by their paths, at any depth', () => {
    same({ when: at, nested: { list: [{ at: new Date(0) }, undefined] }, gone: undefined });
    same([new Date(1), { x: [new Date(2)] }]);
  });

  it('escapes dots and backslashes in the keys of annotated paths', () => {
    same({ 'x.y': new Date(3), 'p\\q': new Date(4), '': undefined, 'a.b\\c': { d: new Date(5) } });
  });

  it('annotates a Date or undefined at the root', () => {
    same(at);
    same(undefined);
  });

  it("writes an object met twice twice, with superjson's note that they are one", () => {
    const shared = { id: 1, at };
    same({ a: shared, b: shared });
    same({ a: at, b: at });
    same({ deep: { er: { x: shared } }, near: shared, list: [shared, at], 'k.e\\y': at });
    same([{ when: at }, { when: at, again: { when: at } }]);
  });

  it('leaves to superjson what plain data does not hold', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    same(cycle);
    same({ a: cycle });
    same({ n: NaN, i: Infinity, z: -0 });
    same({ big: 12n });
    same({ map: new Map([['k', at]]), set: new Set([1, 2]) });
    same({ re: /x/g, err: new Error('boom') });
    same({ invalid: new Date(Number.NaN) });
    // eslint-disable-next-line no-sparse-arrays
    same([1, , 3]);
    same({
      instance: new (class Point {
        x = 1;
      })(),
    });
  });

  it('agrees with superjson on a thousand random values', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const keys = ['a', 'b.c', 'd\\e', '0', '12', '', 'x'];
    const made: unknown[] = [];
    const make = (depth: number): unknown => {
      // Now and then an object made before (within this value): shared, not copied.
      if (made.length > 0 && random() < 0.1) return made[Math.floor(random() * made.length)];
      const value = makeNew(depth);
      if (typeof value === 'object' && value !== null) made.push(value);
      return value;
    };
    const makeNew = (depth: number): unknown => {
      const pick = Math.floor(random() * (depth > 3 ? 6 : 8));
      if (pick === 0) return random() < 0.5 ? undefined : null;
      if (pick === 1) return new Date(Math.floor(random() * 2e12));
      if (pick === 2) return Math.floor(random() * 1000) - 500;
      if (pick === 3) return keys[Math.floor(random() * keys.length)];
      if (pick === 4) return random() < 0.5;
      if (pick === 5) return random() * 10;
      if (pick === 6)
        return Array.from({ length: Math.floor(random() * 4) }, () => make(depth + 1));
      return Object.fromEntries(
        keys.filter(() => random() < 0.4).map((key) => [key, make(depth + 1)]),
      );
    };
    for (let i = 0; i < 1000; i++) {
      made.length = 0;
      same(make(0));
    }
  });

  it('reads back with superjson as the value it was', () => {
    const value = { when: at, list: [{ at }, undefined].slice(1), name: 'a.b' };
    expect(superjson.deserialize(serialize(value))).toEqual(value);
  });
});
