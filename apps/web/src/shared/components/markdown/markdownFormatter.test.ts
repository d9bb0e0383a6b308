import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMarkdownFormatter } from './markdownFormatter';
import type { FormatReply, FormatRequest, MarkdownNode } from './markdownTree';

/** Fake workers: the test decides when each is ready and what it answers. */
function fakeWorkers() {
  const started: {
    requests: FormatRequest[];
    terminated: boolean;
    reply: (reply: FormatReply) => void;
    fail: () => void;
  }[] = [];
  const createWorker = (onReply: (reply: FormatReply) => void, onError: () => void) => {
    const worker = {
      requests: [] as FormatRequest[],
      terminated: false,
      reply: onReply,
      fail: onError,
    };
    started.push(worker);
    return {
      post: (request: FormatRequest) => worker.requests.push(request),
      terminate: () => {
        worker.terminated = true;
      },
    };
  };
  return { started, createWorker };
}

const nodes = (text: string): MarkdownNode[] => [{ type: 'text', value: text }];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Markdown formatter (posts are formatted in a worker)', () => {
  it('shows a text that needs no worker formatted from the first look, and never starts one', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({
      ...workers,
      timeoutMs: 1000,
      keepUnused: 10,
      formatAtOnce: (text) => (text.includes('*') ? null : nodes(text)),
    });
    expect(formatter.peek('plain', false)).toEqual({ kind: 'formatted', nodes: nodes('plain') });
    // The same result each time it is read (React compares snapshots by identity).
    expect(formatter.peek('plain', false)).toBe(formatter.peek('plain', false));
    formatter.want('plain', false)();
    expect(workers.started).toHaveLength(0);
    formatter.want('**a**', false);
    expect(workers.started).toHaveLength(1);
  });

  it('formats in a worker once it is ready, and every component showing the text shares the result', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 10 });
    const changed = vi.fn();
    formatter.subscribe(changed);

    formatter.want('**a**', false);
    formatter.want('**a**', false);
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0]?.requests).toEqual([]);
    // Loading the worker does not count against the deadline.
    vi.advanceTimersByTime(5000);
    workers.started[0]?.reply({ type: 'ready' });
    expect(workers.started[0]?.requests).toEqual([{ id: 1, text: '**a**', inline: false }]);

    workers.started[0]?.reply({ type: 'done', id: 1, nodes: nodes('a') });
    expect(formatter.peek('**a**', false)).toEqual({ kind: 'formatted', nodes: nodes('a') });
    expect(formatter.peek('**a**', true)).toBeUndefined();
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('formats one text at a time, in the order asked', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 10 });
    formatter.want('one', false);
    formatter.want('two', true);
    const worker = workers.started[0];
    worker?.reply({ type: 'ready' });
    expect(worker?.requests.map((r) => r.text)).toEqual(['one']);
    worker?.reply({ type: 'done', id: 1, nodes: nodes('1') });
    expect(worker?.requests.map((r) => [r.text, r.inline])).toEqual([
      ['one', false],
      ['two', true],
    ]);
  });

  it('gives up on a text past the deadline: plain text, and a new worker for the rest', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 10 });
    formatter.want('*_'.repeat(15000), false);
    formatter.want('fine', false);
    workers.started[0]?.reply({ type: 'ready' });

    vi.advanceTimersByTime(1000);
    expect(formatter.peek('*_'.repeat(15000), false)).toEqual({
      kind: 'plain',
      reason: 'tooComplex',
    });
    expect(workers.started[0]?.terminated).toBe(true);
    // A late answer of the replaced worker changes nothing.
    workers.started[0]?.reply({ type: 'done', id: 1, nodes: nodes('late') });
    expect(formatter.peek('*_'.repeat(15000), false)).toMatchObject({ kind: 'plain' });

    expect(workers.started).toHaveLength(2);
    workers.started[1]?.reply({ type: 'ready' });
    expect(workers.started[1]?.requests).toEqual([{ id: 2, text: 'fine', inline: false }]);
  });

  it('shows a text the worker could not format as plain text', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 10 });
    formatter.want('>>>>', false);
    workers.started[0]?.reply({ type: 'ready' });
    workers.started[0]?.reply({ type: 'failed', id: 1 });
    expect(formatter.peek('>>>>', false)).toEqual({ kind: 'plain', reason: 'tooComplex' });
  });

  it('skips texts no component shows any more (a preview typed past)', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 10 });
    formatter.want('a', false)();
    formatter.want('ab', false)();
    formatter.want('abc', false);
    workers.started[0]?.reply({ type: 'ready' });
    expect(workers.started[0]?.requests.map((r) => r.text)).toEqual(['abc']);
  });

  it('keeps a number of texts no component shows, dropping the oldest first', () => {
    const workers = fakeWorkers();
    const formatter = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 1 });
    const shown = formatter.want('shown', false);
    workers.started[0]?.reply({ type: 'ready' });
    workers.started[0]?.reply({ type: 'done', id: 1, nodes: nodes('s') });
    for (const [id, text] of [
      [2, 'old'],
      [3, 'new'],
    ] as const) {
      const release = formatter.want(text, false);
      workers.started[0]?.reply({ type: 'done', id, nodes: nodes(text) });
      release();
    }
    expect(formatter.peek('old', false)).toBeUndefined();
    expect(formatter.peek('new', false)).toBeDefined();
    expect(formatter.peek('shown', false)).toBeDefined();
    shown();
  });

  it('shows plain text when the browser has no worker or the worker fails to load', () => {
    const none = createMarkdownFormatter({
      createWorker: () => null,
      timeoutMs: 1000,
      keepUnused: 10,
    });
    none.want('x', false);
    expect(none.peek('x', false)).toEqual({ kind: 'plain', reason: 'unavailable' });

    const workers = fakeWorkers();
    const broken = createMarkdownFormatter({ ...workers, timeoutMs: 1000, keepUnused: 10 });
    broken.want('y', false);
    workers.started[0]?.fail();
    expect(broken.peek('y', false)).toEqual({ kind: 'plain', reason: 'unavailable' });
    broken.want('z', false);
    expect(broken.peek('z', false)).toEqual({ kind: 'plain', reason: 'unavailable' });
    expect(workers.started).toHaveLength(1);
  });
});
