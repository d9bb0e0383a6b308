import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppliedIds, restartReads, restartReadsUnderWay } from './queryRestart';

// Keys shaped like tRPC's (getQueryKey): the path, then the input and the kind of query.
const chatList: QueryKey = [['chat', 'list']];
const chatById: QueryKey = [['chat', 'byId']];
const chatListQuery = [['chat', 'list'], { type: 'query' }];
const chatQuery = (chatId: number) => [['chat', 'byId'], { input: { chatId }, type: 'query' }];

interface ChatRow {
  id: number;
  unread: number;
}

/**
 * A database read over a slow network: each read takes what the "database" holds when it starts
 * and answers only when the test lets it, so a read can be overtaken by a live event.
 */
function slowReads<T>(database: () => T) {
  const reads: { value: T; answer: () => void }[] = [];
  const queryFn = () =>
    new Promise<T>((resolve) => {
      const value = structuredClone(database());
      reads.push({ value, answer: () => resolve(value) });
    });
  return { reads, queryFn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients) client.clear();
  clients = [];
});

/** A client with one screen showing the query (invalidation re-reads only queries on screen). */
function onScreen<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const observer = new QueryObserver(client, { queryKey, queryFn });
  observer.subscribe(() => {});
  return { client, data: () => client.getQueryData<T>(queryKey) };
}

describe('a live stream starting while the first read is under way', () => {
  it('restarts the chat list read, so a message sent between that read and the start is not lost', async () => {
    let db: ChatRow[] = [{ id: 1, unread: 0 }];
    const { reads, queryFn } = slowReads(() => db);
    const { client, data } = onScreen(chatListQuery, queryFn);
    expect(reads).toHaveLength(1);

    db = [{ id: 1, unread: 1 }]; // a message arrives before the stream has started: no event for it
    void restartReads(client, [chatList, chatById]); // the stream starts without a resume point
    await settle();
    expect(reads).toHaveLength(2);

    reads[0]!.answer(); // the first read answers late, with the unread count before the message
    await settle();
    expect(data()).toBeUndefined();
    reads[1]!.answer();
    await settle();
    expect(data()).toEqual([{ id: 1, unread: 1 }]);
  });

  it('would otherwise join it: a plain invalidation waits for the first read and keeps its older answer', async () => {
    let db: ChatRow[] = [{ id: 1, unread: 0 }];
    const { reads, queryFn } = slowReads(() => db);
    const { client, data } = onScreen(chatListQuery, queryFn);
    db = [{ id: 1, unread: 1 }];
    void client.invalidateQueries({ queryKey: chatList });
    await settle();
    expect(reads).toHaveLength(1);
    reads[0]!.answer();
    await settle();
    expect(data()).toEqual([{ id: 1, unread: 0 }]);
  });

  it("restarts the question list's first read too", async () => {
    const listKey = [['question', 'list'], { input: { order: 'newest' }, type: 'infinite' }];
    let db = ['q1'];
    const { reads, queryFn } = slowReads(() => db);
    const { client, data } = onScreen(listKey, queryFn);
    db = ['q2', 'q1'];
    void restartReads(client, [[['question', 'list']], [['tag', 'list']]]);
    await settle();
    reads[0]!.answer();
    reads[1]!.answer();
    await settle();
    expect(data()).toEqual(['q2', 'q1']);
  });
});

describe('a live event landing while a read is under way', () => {
  it('the chat list: a read answering after the event does not put the older unread count back', async () => {
    let db: ChatRow[] = [{ id: 1, unread: 0 }];
    const { reads, queryFn } = slowReads(() => db);
    const { client, data } = onScreen(chatListQuery, queryFn);
    reads[0]!.answer();
    await settle();
    void client.refetchQueries({ queryKey: chatList }); // a re-read (focus, a write) under way
    expect(reads).toHaveLength(2);

    db = [{ id: 1, unread: 1 }];
    // useLiveChats: restart the reads under way, then apply the event (the unread count goes up).
    restartReadsUnderWay(client, [chatList, chatById]);
    client.setQueryData<ChatRow[]>(chatListQuery, [{ id: 1, unread: 1 }]);
    await settle();
    expect(reads).toHaveLength(3);

    reads[1]!.answer(); // the re-read that started before the event answers last
    await settle();
    expect(data()).toEqual([{ id: 1, unread: 1 }]);
    reads[2]!.answer();
    await settle();
    expect(data()).toEqual([{ id: 1, unread: 1 }]);
  });

  it("a chat's first read (nothing cached, so the event cannot be applied) is restarted", async () => {
    let db = { id: 7, participants: ['ann'] };
    const { reads, queryFn } = slowReads(() => db);
    const { client, data } = onScreen(chatQuery(7), queryFn);
    db = { id: 7, participants: ['ann', 'bob'] };
    restartReadsUnderWay(client, [chatList, chatById]);
    await settle();
    reads[0]!.answer();
    reads[1]!.answer();
    await settle();
    expect(data()).toEqual({ id: 7, participants: ['ann', 'bob'] });
  });

  it('a question list: its first read is restarted, a read of cached data is left to the patch (firstOnly)', async () => {
    const first = [['question', 'list'], { input: { order: 'active' }, type: 'infinite' }];
    const cached = [['question', 'list'], { input: { order: 'votes' }, type: 'infinite' }];
    let db = ['q1'];
    const a = slowReads(() => db);
    const b = slowReads(() => db);
    const screen = onScreen(first, a.queryFn);
    const other = new QueryObserver(screen.client, { queryKey: cached, queryFn: b.queryFn });
    other.subscribe(() => {});
    b.reads[0]!.answer();
    await settle();
    void screen.client.refetchQueries({ queryKey: cached });
    expect(b.reads).toHaveLength(2);

    db = ['q2', 'q1'];
    restartReadsUnderWay(screen.client, [[['question', 'list']]], { firstOnly: true });
    await settle();
    expect(a.reads).toHaveLength(2);
    expect(b.reads).toHaveLength(2);
    a.reads[0]!.answer();
    a.reads[1]!.answer();
    await settle();
    expect(screen.data()).toEqual(['q2', 'q1']);
  });

  it('restarts a read at most once a second, so a busy stream cannot keep a list from loading', async () => {
    vi.useFakeTimers();
    try {
      const listKey = [['user', 'list'], { type: 'query' }];
      let db = ['ann'];
      const { reads, queryFn } = slowReads(() => db);
      const { client, data } = onScreen(listKey, queryFn);
      for (const name of ['bob', 'cy', 'dee']) {
        db = [...db, name];
        restartReadsUnderWay(client, [[['user', 'list']]]);
        await vi.advanceTimersByTimeAsync(0);
      }
      expect(reads).toHaveLength(2);
      reads[1]!.answer();
      await vi.advanceTimersByTimeAsync(0);
      expect(data()).toEqual(['ann', 'bob']);

      // The events within that second get one more read at its end: the last one is never lost.
      await vi.advanceTimersByTimeAsync(1000);
      expect(reads).toHaveLength(3);
      reads[2]!.answer();
      await vi.advanceTimersByTimeAsync(0);
      expect(data()).toEqual(['ann', 'bob', 'cy', 'dee']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an event landing during a restarted read still gets a read that starts after it', async () => {
    vi.useFakeTimers();
    try {
      // A question page: its first read restarted by one event (a view) and a second event (an
      // answer) landing while that restarted read is under way, before the second has passed.
      const pageKey = [['question', 'byId'], { input: { qid: 2 }, type: 'query' }];
      let db = { answers: [] as string[] };
      const { reads, queryFn } = slowReads(() => db);
      const { client, data } = onScreen(pageKey, queryFn);
      restartReadsUnderWay(client, [[['question', 'byId']]]); // the view
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toHaveLength(2);
      db = { answers: ['Call set, not push.'] };
      restartReadsUnderWay(client, [[['question', 'byId']]]); // the answer
      reads[1]!.answer(); // read before the answer was written
      await vi.advanceTimersByTimeAsync(0);
      expect(data()).toEqual({ answers: [] });
      await vi.advanceTimersByTimeAsync(1000);
      reads.at(-1)!.answer();
      await vi.advanceTimersByTimeAsync(0);
      expect(data()).toEqual({ answers: ['Call set, not push.'] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a list that is loading its next page alone', async () => {
    const listKey = [['message', 'list'], { type: 'infinite' }];
    const client = new QueryClient();
    clients.push(client);
    const { reads, queryFn } = slowReads(() => ['m1']);
    const query = client.getQueryCache().build(client, { queryKey: listKey, queryFn });
    query.fetch(undefined, { meta: { fetchMore: { direction: 'forward' } } }).catch(() => {});
    restartReadsUnderWay(client, [[['message', 'list']]]);
    await settle();
    expect(reads).toHaveLength(1);
  });
});

describe('the events applied lately', () => {
  it('lets an event through once, however often the reply and the live stream deliver it', () => {
    const firstTime = createAppliedIds();
    expect(firstTime('7')).toBe(true);
    expect(firstTime('7')).toBe(false);
    expect(firstTime('8')).toBe(true);
  });

  it('forgets the oldest past its capacity, so the memory of a long session stays bounded', () => {
    const firstTime = createAppliedIds(2);
    for (const id of ['1', '2', '3']) firstTime(id);
    expect(firstTime('3')).toBe(false);
    expect(firstTime('2')).toBe(false);
    expect(firstTime('1')).toBe(true);
  });
});
