import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createReadCache,
  QUESTION_INVALIDATION,
  type QuestionEvent,
  type QuestionInvalidation,
  type ReadDependency,
  type ShelfSpec,
} from '../src';
import type { QuestionPage } from '../src/domains/questions/shapes';
import { createTestDeps } from './helpers';

/** The bus of a fresh database of this run's kind, closed after the file. */
const testBus = async () => (await createTestDeps()).events;

/** A kind of event the domain might add one day: it concerns one question and changes nothing else. */
type Pinned = { type: 'pinned'; qid: number };
const PINNED_ROW: QuestionInvalidation = {
  question: 'whole',
  lists: { orders: [] },
  totals: false,
  tags: false,
  wholeLists: false,
};

describe('the question invalidation table', () => {
  it('must classify a new kind of question event, once, before anything typechecks', () => {
    // The table names exactly the kinds QuestionEvent has: no more, no fewer.
    expectTypeOf<keyof typeof QUESTION_INVALIDATION>().toEqualTypeOf<QuestionEvent['type']>();
    // With a new kind in the union, the table no longer satisfies its type until it has a row…
    // @ts-expect-error 'pinned' has no row
    const unclassified: Record<(QuestionEvent | Pinned)['type'], QuestionInvalidation> =
      QUESTION_INVALIDATION;
    // …and one row is all it takes: no cache has a list of kinds of its own.
    const classified = {
      ...QUESTION_INVALIDATION,
      pinned: PINNED_ROW,
    } satisfies Record<(QuestionEvent | Pinned)['type'], QuestionInvalidation>;
    expect(Object.keys(classified)).toContain('pinned');
    expect(unclassified).toBe(QUESTION_INVALIDATION);
  });
});

// Every kind of entry a consumer keeps (the api's list pages, totals and tag list, the doors' tRPC
// answers and the original client's bodies), on shelves of one read cache, about question 1 or
// question 2. The event is always about question 1.
const ENTRIES: Record<string, ReadDependency> = {
  ownPage: { kind: 'question', qid: 1 },
  ownJson: { kind: 'question', qid: 1 },
  otherPage: { kind: 'question', qid: 2 },
  newestShowing: { kind: 'list', order: 'newest', qids: new Set([1, 2]) },
  newestWithout: { kind: 'list', order: 'newest', qids: new Set([2]) },
  activeWithout: { kind: 'list', order: 'active', qids: new Set([2]) },
  mostViewedWithout: { kind: 'list', order: 'mostViewed', qids: new Set([2]) },
  unansweredWithout: { kind: 'list', order: 'unanswered', qids: new Set([2]) },
  totals: { kind: 'totals' },
  tags: { kind: 'tags' },
  wholeList: { kind: 'wholeList' },
};

/** What a row says must go, worked out from the row alone. */
function droppedBy(row: QuestionInvalidation): string[] {
  return Object.entries(ENTRIES)
    .filter(([name, dependency]) => {
      switch (dependency.kind) {
        case 'question':
          // Only the page can patch a view count; the JSON cannot.
          return dependency.qid === 1 && !(name === 'ownPage' && row.question === 'viewCount');
        case 'list':
          return (
            row.lists === 'every' ||
            dependency.qids.has(1) ||
            row.lists.orders.some((order) => order === dependency.order)
          );
        case 'totals':
          return row.totals;
        case 'tags':
          return row.tags;
        case 'wholeList':
          return row.wholeLists;
      }
    })
    .map(([name]) => name)
    .sort();
}

interface Value {
  viewCount: number;
}

/** A read cache holding one entry of every kind; answers which entries an event dropped. */
async function droppedAfter(event: QuestionEvent, table = QUESTION_INVALIDATION) {
  const events = await testBus();
  const cache = await createReadCache(events, { question: table });
  // A page can patch its view count in place; the rest of the entries cannot.
  const pages: ShelfSpec<Value> = {
    name: 'pages',
    entries: 100,
    patchViewCount(value, viewCount) {
      value.viewCount = viewCount;
      return 1;
    },
  };
  const others: ShelfSpec<Value> = { name: 'others', entries: 100 };
  for (const [name, dependency] of Object.entries(ENTRIES))
    cache
      .shelf(name === 'ownPage' ? pages : others)
      .put(name, { value: { viewCount: 3 }, dependency, bytes: 1 });
  await events.deliver([{ id: '1', topic: 'question', key: '1', payload: event }]);
  const held = (name: string) => cache.shelf(name === 'ownPage' ? pages : others).peek(name);
  return {
    dropped: Object.keys(ENTRIES)
      .filter((name) => held(name) === undefined)
      .sort(),
    ownPage: held('ownPage'),
  };
}

/** One event of each kind, about question 1. */
const EVENTS = {
  created: { type: 'created', qid: 1, question: {} },
  answered: { type: 'answered', qid: 1, answer: {}, answerCount: 1, lastActivityAt: new Date() },
  commented: { type: 'commented', qid: 1, parent: { type: 'question', id: 1 }, comment: {} },
  voted: { type: 'voted', qid: 1, upVotes: [], downVotes: [], voteScore: 0, voteVersion: 1 },
  answerVoted: { type: 'answerVoted', qid: 1, answerId: 1, voteVersion: 1 },
  accepted: { type: 'accepted', qid: 1, acceptedAnswerId: 1, acceptVersion: 1 },
  edited: { type: 'edited', qid: 1, title: 'T', text: 'X', tags: [], revisionCount: 1 },
  answerEdited: { type: 'answerEdited', qid: 1, answerId: 1, text: 'X', revisionCount: 1 },
  viewed: { type: 'viewed', qid: 1, viewCount: 12 },
  moderated: { type: 'moderated', qid: 1, target: { kind: 'answer', id: 1 }, hidden: true },
  closed: { type: 'closed', qid: 1, closedAt: new Date() },
} as unknown as Record<QuestionEvent['type'], QuestionEvent>;

describe('every cached read follows the table', () => {
  for (const [kind, row] of Object.entries(QUESTION_INVALIDATION)) {
    it(`drops what a '${kind}' event changes, and only that`, async () => {
      const event = EVENTS[kind as QuestionEvent['type']];
      const { dropped, ownPage } = await droppedAfter(event);
      expect(dropped).toEqual(droppedBy(row));
      if (row.question === 'viewCount') expect(ownPage?.viewCount).toBe(12);
    });
  }

  it('follows a row added for a new kind, with no other change', async () => {
    const table = { ...QUESTION_INVALIDATION, pinned: PINNED_ROW };
    const pinned = { type: 'pinned', qid: 1 } as unknown as QuestionEvent;
    const { dropped } = await droppedAfter(pinned, table);
    expect(dropped).toEqual(droppedBy(PINNED_ROW));
    expect(dropped).toEqual(['newestShowing', 'ownJson', 'ownPage']);
  });

  it('drops everything of the topic for a kind no row names (an event from a newer process)', async () => {
    const unknown = { type: 'renamed', qid: 1 } as unknown as QuestionEvent;
    const { dropped } = await droppedAfter(unknown);
    expect(dropped).toEqual(
      Object.keys(ENTRIES)
        .filter((name) => name !== 'otherPage')
        .sort(),
    );
  });
});

describe("the api's list reads", () => {
  const page = (qids: number[]) =>
    ({
      items: qids.map((id) => ({ id })),
      nextCursor: null,
      total: qids.length,
    }) as unknown as QuestionPage;

  it('keep pages, totals and the tag list until the table says an event changed them', async () => {
    const events = await testBus();
    const reads = (await createReadCache(events)).questionList;
    let computed = 0;
    const counted =
      <T>(value: T) =>
      async () => {
        computed++;
        return value;
      };
    const read = async () => {
      await reads.page('newest', 'newest', counted(page([2])));
      await reads.total('all', counted(1));
      await reads.tags(counted([]));
      return computed;
    };
    let id = 0;
    const deliver = (payload: QuestionEvent) =>
      events.deliver([{ id: String(++id), topic: 'question', key: String(payload.qid), payload }]);
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
    // A vote on a question the page does not show changes none of them.
    await deliver(EVENTS.voted);
    expect(await read()).toBe(3);
    // A view is in Most viewed only; an edit changes all three.
    await deliver(EVENTS.viewed);
    expect(await read()).toBe(3);
    await deliver(EVENTS.edited);
    expect(await read()).toBe(6);
  });

  it('does not keep a read that an event overtook', async () => {
    const events = await testBus();
    const cache = await createReadCache(events);
    const shelf = cache.shelf<string>({ name: 'slow', entries: 10 });
    let release = () => {};
    const loaded = shelf.load('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'old', dependency: { kind: 'question', qid: 1 } };
    });
    await events.deliver([{ id: '1', topic: 'question', key: '9', payload: EVENTS.viewed }]);
    release();
    expect((await loaded).value).toBe('old');
    expect(shelf.peek('k')).toBeUndefined();
  });
});
