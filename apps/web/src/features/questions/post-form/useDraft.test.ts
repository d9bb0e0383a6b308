import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKeys, readDraft, writeDraft } from './useDraft';

/** The browser's localStorage, kept in memory; `full` makes writes throw as a full quota does. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EMPTY = { title: '', text: '' };
const key = draftKeys.question('alice');
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a draft kept in the browser', () => {
  it('is offered again on the next visit, as typed', () => {
    writeDraft(key, { title: 'Why is my list re-rendering?', text: 'It flickers.' });
    expect(readDraft(key, EMPTY)).toEqual({
      title: 'Why is my list re-rendering?',
      text: 'It flickers.',
    });
  });

  it('is kept per user and, for answers, per question', () => {
    writeDraft(draftKeys.answer('alice', 1), { text: 'Use a key.' });
    expect(readDraft(draftKeys.answer('alice', 2), { text: '' })).toBeNull();
    expect(readDraft(draftKeys.answer('bob', 1), { text: '' })).toBeNull();
  });

  it('is still offered after 30 days, and no longer (and forgotten) after that', () => {
    writeDraft(key, { title: 'Old question', text: '' });
    vi.setSystemTime(Date.now() + 30 * DAY_MS);
    expect(readDraft(key, EMPTY)?.title).toBe('Old question');
    vi.setSystemTime(Date.now() + 1);
    expect(readDraft(key, EMPTY)).toBeNull();
    expect(storage.items.has(key)).toBe(false);
  });

  it('is forgotten once every field is blank again, spaces included', () => {
    writeDraft(key, { title: 'Typed', text: '' });
    writeDraft(key, { title: '   ', text: '\n' });
    expect(storage.items.has(key)).toBe(false);
    expect(readDraft(key, EMPTY)).toBeNull();
  });

  it('is not offered when what was kept is blank', () => {
    storage.setItem(
      key,
      JSON.stringify({ savedAt: Date.now(), values: { title: '  ', text: '' } }),
    );
    expect(readDraft(key, EMPTY)).toBeNull();
  });

  it('fills only the fields the form has, and leaves a field stored as a non-string empty', () => {
    storage.setItem(
      key,
      JSON.stringify({ savedAt: Date.now(), values: { title: 42, text: 'Body', tags: 'react' } }),
    );
    expect(readDraft(key, EMPTY)).toEqual({ title: '', text: 'Body' });
  });

  it('that cannot be read (not JSON, or another shape) is no draft rather than an error', () => {
    for (const raw of ['{not json', 'null', '"text"', JSON.stringify({ values: { text: 'x' } })]) {
      storage.setItem(key, raw);
      expect(readDraft(key, EMPTY)).toBeNull();
    }
  });

  it('says it was not kept when the browser refuses to store it (full or private storage)', () => {
    storage.full = true;
    expect(writeDraft(key, { title: 'Typed', text: '' })).toBe(false);
    storage.full = false;
    expect(writeDraft(key, { title: 'Typed', text: '' })).toBe(true);
  });

  it('is no draft when the browser has no storage at all', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('Access is denied.', 'SecurityError');
      },
    });
    expect(readDraft(key, EMPTY)).toBeNull();
    expect(writeDraft(key, { title: 'Typed', text: '' })).toBe(false);
  });
});
