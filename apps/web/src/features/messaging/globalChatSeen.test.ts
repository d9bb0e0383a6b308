import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasGlobalNews, markSeenUpTo, seenUpTo } from './globalChatSeen';

// Node has no localStorage: a Map-backed one stands in (the browser's survives a reload).
beforeEach(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  } as Storage;
  globalThis.window = globalThis as unknown as Window & typeof globalThis;
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('the global chat’s unread mark', () => {
  it('shows when someone else’s message came after the newest one seen', () => {
    expect(hasGlobalNews({ id: 12, msgFrom: 'bob' }, 11, 'alice')).toBe(true);
    expect(hasGlobalNews({ id: 12, msgFrom: 'bob' }, 12, 'alice')).toBe(false);
  });

  it('never for the viewer’s own message, nor an empty room, nor before a first look', () => {
    expect(hasGlobalNews({ id: 12, msgFrom: 'alice' }, 0, 'alice')).toBe(false);
    expect(hasGlobalNews(undefined, 0, 'alice')).toBe(false);
    expect(hasGlobalNews({ id: 12, msgFrom: 'bob' }, null, 'alice')).toBe(false);
  });

  it('remembers how far each account has looked, an empty room too; the position never moves back', () => {
    expect(seenUpTo('alice')).toBeNull();
    markSeenUpTo('alice', 0);
    expect(seenUpTo('alice')).toBe(0);
    markSeenUpTo('alice', 40);
    markSeenUpTo('alice', 35);
    expect(seenUpTo('alice')).toBe(40);
    expect(seenUpTo('bob')).toBeNull();
  });
});
