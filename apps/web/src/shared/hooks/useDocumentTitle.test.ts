import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDocumentTitle, showPageTitle, showWaiting, sumWaiting } from './useDocumentTitle';

// The tests run in Node: a document that has only a title is all these need.
const realDocument = globalThis.document;
beforeAll(() => {
  globalThis.document = { title: '' } as Document;
});
afterAll(() => {
  globalThis.document = realDocument;
});

describe('the tab title', () => {
  it("is '{title} - Fake Stack Overflow', or the product's name alone", () => {
    expect(formatDocumentTitle('Chat Room', 0)).toBe('Chat Room - Fake Stack Overflow');
    expect(formatDocumentTitle(null, 0)).toBe('Fake Stack Overflow');
  });

  it("leads with '(n) ' while n things wait for the viewer, '99+' past 99", () => {
    expect(formatDocumentTitle('Chat Room', 1)).toBe('(1) Chat Room - Fake Stack Overflow');
    expect(formatDocumentTitle(undefined, 3)).toBe('(3) Fake Stack Overflow');
    expect(formatDocumentTitle('Users', 120)).toBe('(99+) Users - Fake Stack Overflow');
  });

  it('adds up unread direct messages, unread notifications and games where it is your turn', () => {
    expect(sumWaiting([2, 1, 1])).toBe(4);
    // A source not loaded yet (undefined) or nonsense counts nothing.
    expect(sumWaiting([undefined, null, -1, Number.NaN, 0])).toBe(0);
  });

  it('follows the page and the count apart: a new page keeps the count, a new count the page', () => {
    showPageTitle('Users');
    showWaiting(0);
    expect(document.title).toBe('Users - Fake Stack Overflow');
    showWaiting(1);
    expect(document.title).toBe('(1) Users - Fake Stack Overflow');
    showPageTitle('Chat Room');
    expect(document.title).toBe('(1) Chat Room - Fake Stack Overflow');
    showWaiting(3);
    expect(document.title).toBe('(3) Chat Room - Fake Stack Overflow');
    showWaiting(0);
    expect(document.title).toBe('Chat Room - Fake Stack Overflow');
  });
});
