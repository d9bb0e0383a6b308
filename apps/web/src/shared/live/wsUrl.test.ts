import { describe, expect, it } from 'vitest';
import { withLastEventId } from './liveConnection';
import { wsUrlFor } from './wsUrl';

describe('wsUrlFor', () => {
  it('uses ws on http and wss on https', () => {
    expect(wsUrlFor({ protocol: 'http:', host: '127.0.0.1:8000' })).toBe(
      'ws://127.0.0.1:8000/trpc',
    );
    expect(wsUrlFor({ protocol: 'https:', host: 'example.com' })).toBe('wss://example.com/trpc');
  });
});

describe('withLastEventId', () => {
  it('adds the id to object inputs', () => {
    expect(withLastEventId(undefined, '7')).toEqual({ lastEventId: '7' });
    expect(withLastEventId({ qid: 1 }, '7')).toEqual({ qid: 1, lastEventId: '7' });
    expect(withLastEventId({ lastEventId: '3' }, '7')).toEqual({ lastEventId: '7' });
  });
});
