import { describe, expect, it } from 'vitest';
import {
  addConfirmedMessage,
  dropConfirmedMessage,
  addPendingMessage,
  confirmPendingMessage,
  dropPendingMessage,
  hasOlderMessages,
  newestFromOthers,
  NO_LIVE_MESSAGES,
  shownMessages,
  type LiveMessages,
  type MessageHistory,
  type MessageView,
  type PendingMessage,
} from './messageCache';

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const message = (id: number, msgFrom = 'bob', msg = `message ${id}`): MessageView => ({
  id,
  msg,
  msgFrom,
  msgDateTime: at(id),
});
const pending = (tempId: string, msg: string): PendingMessage => ({
  tempId,
  msg,
  msgFrom: 'alice',
  msgDateTime: at(1000),
});

/** History pages as the server sends them: newest page first, each oldest first. */
const history = (pages: MessageView[][], more = false): MessageHistory => ({
  pages: pages.map((items, index) => ({
    items,
    nextCursor: index < pages.length - 1 || more ? String(items[0]?.id ?? 0) : null,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : String(index))),
});

const keys = (h: MessageHistory | undefined, live: LiveMessages) =>
  shownMessages(h, live).map((m) => m.key);

describe('addConfirmedMessage', () => {
  it('adds a live message once, however often it is delivered', () => {
    const once = addConfirmedMessage(NO_LIVE_MESSAGES, message(7), 'alice');
    const twice = addConfirmedMessage(once, message(7), 'alice');
    expect(twice).toBe(once);
    expect(twice.confirmed.map((m) => m.id)).toEqual([7]);
  });

  it('keeps confirmed messages in id order whatever order they arrive in', () => {
    let live = NO_LIVE_MESSAGES;
    for (const id of [9, 7, 8]) live = addConfirmedMessage(live, message(id), 'alice');
    expect(live.confirmed.map((m) => m.id)).toEqual([7, 8, 9]);
  });

  it("lets the live echo of the viewer's message take its pending copy's place", () => {
    const sending = addPendingMessage(NO_LIVE_MESSAGES, pending('p1', 'hi'));
    const echoed = addConfirmedMessage(sending, message(5, 'alice', 'hi'), 'alice');
    expect(echoed.pending).toEqual([]);
    expect(keys(history([[]]), echoed)).toEqual(['m5']);
  });

  it('leaves pending messages alone for the same text from someone else', () => {
    const sending = addPendingMessage(NO_LIVE_MESSAGES, pending('p1', 'hi'));
    const other = addConfirmedMessage(sending, message(5, 'bob', 'hi'), 'alice');
    expect(other.pending.map((p) => p.tempId)).toEqual(['p1']);
  });
});

describe('optimistic sending', () => {
  it('shows a pending message after the confirmed ones, marked pending', () => {
    const live = addPendingMessage(
      addConfirmedMessage(NO_LIVE_MESSAGES, message(3), 'alice'),
      pending('p1', 'hello'),
    );
    const shown = shownMessages(history([[message(1), message(2)]]), live);
    expect(shown.map((m) => [m.key, m.pending])).toEqual([
      ['m1', false],
      ['m2', false],
      ['m3', false],
      ['p1', true],
    ]);
    expect(shown.at(-1)?.id).toBeNull();
  });

  it('replaces the pending message with the confirmed one, and the later echo changes nothing', () => {
    const sending = addPendingMessage(NO_LIVE_MESSAGES, pending('p1', 'hello'));
    const confirmed = confirmPendingMessage(sending, 'p1', message(9, 'alice', 'hello'), 'alice');
    expect(confirmed.pending).toEqual([]);
    expect(confirmed.confirmed.map((m) => m.id)).toEqual([9]);
    const echoed = addConfirmedMessage(confirmed, message(9, 'alice', 'hello'), 'alice');
    expect(echoed).toBe(confirmed);
  });

  it('shows the message once when the echo arrives before the reply', () => {
    const sending = addPendingMessage(NO_LIVE_MESSAGES, pending('p1', 'hello'));
    const echoed = addConfirmedMessage(sending, message(9, 'alice', 'hello'), 'alice');
    const confirmed = confirmPendingMessage(echoed, 'p1', message(9, 'alice', 'hello'), 'alice');
    expect(keys(history([[]]), confirmed)).toEqual(['m9']);
  });

  it('sorts out two identical messages whose echoes and replies cross', () => {
    let live = addPendingMessage(NO_LIVE_MESSAGES, pending('p1', 'ok'));
    live = addPendingMessage(live, pending('p2', 'ok'));
    // The second message's echo comes first and takes the first pending copy's place.
    live = addConfirmedMessage(live, message(11, 'alice', 'ok'), 'alice');
    expect(keys(history([[]]), live)).toEqual(['m11', 'p2']);
    // The first message's reply then takes the remaining pending copy's place: never three rows.
    live = confirmPendingMessage(live, 'p1', message(10, 'alice', 'ok'), 'alice');
    expect(keys(history([[]]), live)).toEqual(['m10', 'm11']);
    live = confirmPendingMessage(live, 'p2', message(11, 'alice', 'ok'), 'alice');
    live = addConfirmedMessage(live, message(10, 'alice', 'ok'), 'alice');
    expect(keys(history([[]]), live)).toEqual(['m10', 'm11']);
  });

  it('drops a pending message whose sending failed', () => {
    const sending = addPendingMessage(NO_LIVE_MESSAGES, pending('p1', 'hello'));
    expect(dropPendingMessage(sending, 'p1').pending).toEqual([]);
    expect(dropPendingMessage(NO_LIVE_MESSAGES, 'p1')).toBe(NO_LIVE_MESSAGES);
  });
});

describe('shownMessages', () => {
  it('puts the pages oldest first, the newest page last', () => {
    const h = history(
      [
        [message(3), message(4)],
        [message(1), message(2)],
      ],
      false,
    );
    expect(keys(h, NO_LIVE_MESSAGES)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('shows a live message that a refetched page also holds only once', () => {
    const live = addConfirmedMessage(NO_LIVE_MESSAGES, message(4), 'alice');
    expect(keys(history([[message(3), message(4)]]), live)).toEqual(['m3', 'm4']);
  });

  it('leaves out live messages older than the loaded pages while older pages remain, so no gap shows', () => {
    let live = addConfirmedMessage(NO_LIVE_MESSAGES, message(2), 'alice');
    live = addConfirmedMessage(live, message(9), 'alice');
    const partial = history([[message(5), message(6)]], true);
    expect(keys(partial, live)).toEqual(['m5', 'm6', 'm9']);
    expect(hasOlderMessages(partial)).toBe(true);
    const complete = history([[message(5), message(6)]], false);
    expect(keys(complete, live)).toEqual(['m2', 'm5', 'm6', 'm9']);
  });

  it('finds the newest message written by someone else', () => {
    let live = addConfirmedMessage(NO_LIVE_MESSAGES, message(5, 'bob'), 'alice');
    live = addConfirmedMessage(live, message(6, 'alice'), 'alice');
    live = addPendingMessage(live, pending('p1', 'x'));
    expect(newestFromOthers(shownMessages(history([[message(1)]]), live), 'alice')).toBe(5);
    expect(newestFromOthers([], 'alice')).toBe(0);
  });
});

describe('dropConfirmedMessage', () => {
  it('takes a message flags hid out of the live messages, once', () => {
    const message = { id: 4, msg: 'spam', msgFrom: 'bob', msgDateTime: new Date(0) };
    const live = { confirmed: [message], pending: [] };
    expect(dropConfirmedMessage(live, 4)).toEqual({ confirmed: [], pending: [] });
    expect(dropConfirmedMessage(live, 5)).toBe(live);
  });
});
