import { type QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import type {
  AnswerView,
  QuestionDetail,
  QuestionEvent,
  QuestionListData,
  QuestionSummary,
} from './questionCache';
import { testCache } from '../../test-support/testCache';
import { trpc } from '../../trpc';
import { applyQuestionEvent } from './cache';

vi.mock('../../trpc', () => import('../../test-support/trpcStandIn'));

// applyQuestionEvent against a real react-query cache, as the live streams and the writes' replies
// call it. Its rules remember what they saw for the page load (event ids, vote and accept versions,
// restarts per query), so every test uses its own question ids and event ids.

/** A cache and tRPC's helpers over it; nothing here reaches a server (no query is on screen). */
function cache() {
  const { queryClient, utils } = testCache();
  let eventId = 0;
  const apply = (payload: QuestionEvent, id = `${payload.qid}-${++eventId}`) =>
    applyQuestionEvent(queryClient, utils, { id, payload }, 'alice');
  return { queryClient, apply };
}

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const card = (id: number, extra: Partial<QuestionSummary> = {}): QuestionSummary => ({
  id,
  title: `Question ${id}`,
  tags: [{ id: 1, name: 'react', description: '' }],
  askedBy: 'alice',
  askDateTime: at(1),
  lastActivityAt: at(1),
  lastActivityKind: 'asked',
  answerCount: 0,
  viewCount: 0,
  upVoteCount: 0,
  downVoteCount: 0,
  voteScore: 0,
  hasAcceptedAnswer: false,
  ...extra,
});

const onePage = (items: QuestionSummary[]): QuestionListData => ({
  pages: [{ items, total: items.length, nextCursor: null }],
  pageParams: [undefined],
});

type ListInput = { order: 'newest' | 'active' | 'votes'; search?: string; tag?: string };
const listKey = (input: ListInput): QueryKey =>
  getQueryKey(trpc.question.list, input as never, 'infinite');
const detailKey = (qid: number): QueryKey => getQueryKey(trpc.question.byId, { qid }, 'query');

const answer = (id: number): AnswerView => ({
  id,
  text: 'Use a key.',
  ansBy: 'bob',
  ansDateTime: at(5),
  upVotes: [],
  downVotes: [],
  myVote: 0,
  voteScore: 0,
  voteVersion: 0,
  editedAt: null,
  revisionCount: 0,
  comments: [],
});

const detail = (qid: number): QuestionDetail => ({
  id: qid,
  closure: { closedAt: null, duplicateOf: null, closeVotes: 0, reopenVotes: 0 },
  myClosureVote: null,
  title: `Question ${qid}`,
  text: 'How?',
  tags: [{ id: 1, name: 'react', description: '' }],
  askedBy: 'alice',
  askDateTime: at(1),
  lastActivityAt: at(1),
  viewCount: 0,
  answerCount: 0,
  upVotes: [],
  downVotes: [],
  myVote: 0,
  voteScore: 0,
  voteVersion: 0,
  acceptedAnswerId: null,
  acceptVersion: 0,
  editedAt: null,
  revisionCount: 0,
  comments: [],
  answers: [],
});

const voted = (
  qid: number,
  voteScore: number,
  voteVersion: number,
  upVotes = voteScore > 0 ? ['bob'] : [],
): QuestionEvent => ({
  type: 'voted',
  qid,
  upVotes,
  downVotes: [],
  upVoteCount: Math.max(voteScore, 0),
  downVoteCount: 0,
  voteScore,
  voteVersion,
});

const ids = (data: QuestionListData | undefined) =>
  data?.pages.flatMap((page) => page.items.map((item) => item.id));
const listed = (queryClient: QueryClient, input: ListInput) =>
  queryClient.getQueryData<QuestionListData>(listKey(input));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const wasInvalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('a question event reaching the cached lists', () => {
  it('puts a new question first on the Newest list and leaves a tag list it does not carry alone', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(listKey({ order: 'newest' }), onePage([card(101)]));
    queryClient.setQueryData(listKey({ order: 'newest', tag: 'rust' }), onePage([card(100)]));

    apply({ type: 'created', qid: 102, question: card(102) });

    expect(ids(listed(queryClient, { order: 'newest' }))).toEqual([102, 101]);
    expect(listed(queryClient, { order: 'newest' })?.pages[0]?.total).toBe(2);
    expect(ids(listed(queryClient, { order: 'newest', tag: 'rust' }))).toEqual([100]);
  });

  it('reads a search again when a question is asked, since only the server knows if it matches', () => {
    const { queryClient, apply } = cache();
    const search = listKey({ order: 'newest', search: 'hooks' });
    queryClient.setQueryData(search, onePage([card(110)]));
    queryClient.setQueryData(listKey({ order: 'newest' }), onePage([card(110)]));

    apply({ type: 'created', qid: 111, question: card(111) });

    expect(wasInvalidated(queryClient, search)).toBe(true);
    expect(wasInvalidated(queryClient, listKey({ order: 'newest' }))).toBe(false);
  });

  it('keeps the newer score on the cards when an older vote state arrives late', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(listKey({ order: 'votes' }), onePage([card(120)]));

    apply(voted(120, 2, 2)); // the live event of a later vote
    apply(voted(120, 1, 1)); // the reply to an earlier vote, arriving after it

    expect(listed(queryClient, { order: 'votes' })?.pages[0]?.items[0]?.voteScore).toBe(2);
  });

  it('keeps an acceptance taken back unmarked on the cards when the older acceptance arrives late', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(listKey({ order: 'newest' }), onePage([card(130)]));

    apply({ type: 'accepted', qid: 130, acceptedAnswerId: null, acceptVersion: 2 });
    apply({ type: 'accepted', qid: 130, acceptedAnswerId: 7, acceptVersion: 1 });

    expect(listed(queryClient, { order: 'newest' })?.pages[0]?.items[0]?.hasAcceptedAnswer).toBe(
      false,
    );
  });

  it('applies an event delivered twice (the reply and the live stream) once', () => {
    const { queryClient, apply } = cache();
    const search = listKey({ order: 'newest', search: 'twice' });
    queryClient.setQueryData(search, onePage([]));

    apply({ type: 'created', qid: 140, question: card(140) }, 'event-140');
    expect(wasInvalidated(queryClient, search)).toBe(true);
    queryClient.setQueryData(search, onePage([])); // the search was read again
    apply({ type: 'created', qid: 140, question: card(140) }, 'event-140');

    expect(wasInvalidated(queryClient, search)).toBe(false);
  });
});

describe("a question event reaching the question's page", () => {
  it('shows a new answer on the page and its count on the cards', () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(detailKey(150), detail(150));
    queryClient.setQueryData(listKey({ order: 'newest' }), onePage([card(150)]));

    apply({ type: 'answered', qid: 150, answer: answer(9), answerCount: 1, lastActivityAt: at(5) });

    const page = queryClient.getQueryData<QuestionDetail>(detailKey(150));
    expect(page?.answers.map((a) => a.id)).toEqual([9]);
    expect(listed(queryClient, { order: 'newest' })?.pages[0]?.items[0]?.answerCount).toBe(1);
  });

  it("marks the viewer's own vote when the vote state names them", () => {
    const { queryClient, apply } = cache();
    queryClient.setQueryData(detailKey(160), detail(160));

    apply(voted(160, 1, 1, ['alice']));

    expect(queryClient.getQueryData<QuestionDetail>(detailKey(160))?.myVote).toBe(1);
  });

  it('leaves the pages of other questions as they are', () => {
    const { queryClient, apply } = cache();
    const other = detail(171);
    queryClient.setQueryData(detailKey(171), other);

    apply({ type: 'answered', qid: 170, answer: answer(3), answerCount: 1, lastActivityAt: at(5) });

    expect(queryClient.getQueryData(detailKey(171))).toBe(other);
  });
});

describe('what else a question event refreshes', () => {
  it('reads the tag counts again when a question is asked', () => {
    const { queryClient, apply } = cache();
    const tags = getQueryKey(trpc.tag.list, undefined, 'query');
    queryClient.setQueryData(tags, []);

    apply({ type: 'created', qid: 180, question: card(180) });

    expect(wasInvalidated(queryClient, tags)).toBe(true);
  });

  it("reads an edited question's revision history again, and no other question's", () => {
    const { queryClient, apply } = cache();
    const revisions = (qid: number) => getQueryKey(trpc.question.revisions, { qid }, 'query');
    queryClient.setQueryData(revisions(190), []);
    queryClient.setQueryData(revisions(191), []);

    apply({
      type: 'edited',
      qid: 190,
      title: 'Better title',
      text: 'How?',
      tags: [],
      editedAt: at(9),
      revisionCount: 1,
      lastActivityAt: at(9),
    });

    expect(wasInvalidated(queryClient, revisions(190))).toBe(true);
    expect(wasInvalidated(queryClient, revisions(191))).toBe(false);
  });

  it('reads the list again when a read under way may answer with the count from before the event', async () => {
    const { queryClient, apply } = cache();
    const key = listKey({ order: 'active' });
    const answers: (() => void)[] = [];
    let database = onePage([card(200)]);
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      // Each read takes what the database holds when it starts, and answers when the test says.
      queryFn: () => {
        const snapshot = database;
        return new Promise<QuestionListData>((resolve) => answers.push(() => resolve(snapshot)));
      },
    });
    observer.subscribe(() => {});
    answers[0]!();
    await settle();
    void observer.refetch(); // a read under way (a refocus) …
    expect(answers).toHaveLength(2);

    database = onePage([card(200, { answerCount: 1 })]); // … that started before this answer
    apply({ type: 'answered', qid: 200, answer: answer(4), answerCount: 1, lastActivityAt: at(6) });
    await settle();
    expect(answers).toHaveLength(3);
    answers[1]!(); // the older read answers late
    await settle();
    answers[2]!();
    await settle();

    expect(queryClient.getQueryData<QuestionListData>(key)?.pages[0]?.items[0]?.answerCount).toBe(
      1,
    );
  });
});
