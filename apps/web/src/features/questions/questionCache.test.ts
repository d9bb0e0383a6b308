import { describe, expect, it } from 'vitest';
import {
  applyQuestionEventToDetail,
  applyQuestionEventToList,
  listTitle,
  listViewFromInput,
  listViewFromParams,
  type AnswerView,
  type ListView,
  type QuestionDetail,
  type QuestionEvent,
  type QuestionListData,
  type QuestionSummary,
} from './questionCache';
import { listItems } from '../../shared/lib/pagedList';

const T0 = new Date('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const q = (id: number, extra: Partial<QuestionSummary> = {}): QuestionSummary => ({
  id,
  title: `Question ${id}`,
  tags: [{ id: 1, name: 'react', description: '' }],
  askedBy: 'alice',
  askDateTime: at(id),
  lastActivityAt: at(id),
  lastActivityKind: 'asked',
  answerCount: 0,
  viewCount: 0,
  upVoteCount: 0,
  downVoteCount: 0,
  voteScore: 0,
  hasAcceptedAnswer: false,
  ...extra,
});

const answerView = (id: number, text: string, ansDateTime: Date): AnswerView => ({
  id,
  text,
  ansBy: 'bob',
  ansDateTime,
  upVotes: [],
  downVotes: [],
  myVote: 0,
  voteScore: 0,
  voteVersion: 0,
  editedAt: null,
  revisionCount: 0,
  comments: [],
});

const list = (pages: QuestionSummary[][], total: number, more = false): QuestionListData => ({
  pages: pages.map((items, index) => ({
    items,
    total,
    nextCursor: index < pages.length - 1 || more ? `c${index}` : null,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? undefined : `c${index - 1}`)),
});

const ids = (data: QuestionListData) => listItems(data).map((item) => item.id);
const newest: ListView = { order: 'newest' };

const created = (question: QuestionSummary): QuestionEvent => ({
  type: 'created',
  qid: question.id,
  question,
});
const answered = (qid: number, answerCount: number, minutes = 100): QuestionEvent => ({
  type: 'answered',
  qid,
  answer: answerView(50 + answerCount, 'A', at(minutes)),
  answerCount,
  lastActivityAt: at(minutes),
});

describe('applyQuestionEventToList', () => {
  const data = list([[q(3), q(2)], [q(1)]], 3);

  it('puts a new question first on the newest list and counts it', () => {
    const { data: next, refetch } = applyQuestionEventToList(data, created(q(4)), newest);
    expect(refetch).toBe(false);
    expect(ids(next)).toEqual([4, 3, 2, 1]);
    expect(next.pages.map((p) => p.total)).toEqual([4, 4]);
  });

  it('is idempotent for a question already listed', () => {
    const once = applyQuestionEventToList(data, created(q(4)), newest).data;
    const twice = applyQuestionEventToList(once, created(q(4)), newest);
    expect(twice.data).toBe(once);
    expect(twice.refetch).toBe(false);
  });

  it('adds a new question to a tag list only when it carries the tag (any case)', () => {
    const tagged = q(4, { tags: [{ id: 2, name: 'TypeScript', description: '' }] });
    expect(
      ids(
        applyQuestionEventToList(data, created(tagged), { order: 'newest', tag: 'typescript' })
          .data,
      ),
    ).toEqual([4, 3, 2, 1]);
    const other = applyQuestionEventToList(data, created(tagged), {
      order: 'newest',
      tag: 'react',
    });
    expect(other.data).toBe(data);
    expect(other.refetch).toBe(false);
  });

  it('folds tag case the way tag names compare, in any script', () => {
    const tagged = q(4, { tags: [{ id: 2, name: 'ÖSTERREICH', description: '' }] });
    const view: ListView = { order: 'newest', tag: 'österreich' };
    expect(ids(applyQuestionEventToList(data, created(tagged), view).data)).toEqual([4, 3, 2, 1]);
  });

  it('asks for a refetch when only the server knows where a new question goes', () => {
    expect(
      applyQuestionEventToList(data, created(q(4)), { order: 'newest', search: 'x' }).refetch,
    ).toBe(true);
    expect(applyQuestionEventToList(data, created(q(4)), { order: 'mostViewed' }).refetch).toBe(
      true,
    );
  });

  it('updates answer counts and activity in place', () => {
    const { data: next, refetch } = applyQuestionEventToList(data, answered(2, 1), newest);
    expect(refetch).toBe(false);
    expect(ids(next)).toEqual([3, 2, 1]);
    expect(listItems(next)[1]).toMatchObject({
      answerCount: 1,
      lastActivityAt: at(100),
      lastActivityKind: 'answered',
    });
    // A replayed older event does not lower the count.
    expect(
      listItems(applyQuestionEventToList(next, answered(2, 1, 50), newest).data)[1]?.answerCount,
    ).toBe(1);
  });

  it('moves an answered or commented question to the top of the active list', () => {
    const active: ListView = { order: 'active' };
    expect(ids(applyQuestionEventToList(data, answered(1, 1), active).data)).toEqual([1, 3, 2]);
    const comment: QuestionEvent = {
      type: 'commented',
      qid: 2,
      parent: { type: 'question', id: 2 },
      comment: { id: 9, text: 'c', commentBy: 'bob', commentDateTime: at(100) },
      lastActivityAt: at(100),
    };
    const next = applyQuestionEventToList(data, comment, active).data;
    expect(ids(next)).toEqual([2, 3, 1]);
    expect(listItems(next)[0]?.lastActivityKind).toBe('commented');
    // An older answer replayed after the comment leaves the card saying 'commented'.
    const replayed = applyQuestionEventToList(next, answered(2, 1, 50), active).data;
    expect(listItems(replayed)[0]?.lastActivityKind).toBe('commented');
    expect(next.pages[0]?.total).toBe(3);
    // Activity on a question not in the cached pages: only a refetch can place it.
    expect(applyQuestionEventToList(data, answered(7, 1), active).refetch).toBe(true);
  });

  it('drops an answered question from the unanswered list', () => {
    const unanswered: ListView = { order: 'unanswered' };
    const next = applyQuestionEventToList(data, answered(2, 1), unanswered).data;
    expect(ids(next)).toEqual([3, 1]);
    expect(next.pages[0]?.total).toBe(2);
    // Not cached: refetch only when it could sit on a page not loaded yet.
    expect(applyQuestionEventToList(next, answered(2, 1), unanswered)).toEqual({
      data: next,
      refetch: false,
    });
    const partial = list([[q(3)]], 10, true);
    expect(applyQuestionEventToList(partial, answered(8, 1), unanswered).refetch).toBe(true);
    expect(applyQuestionEventToList(partial, answered(8, 2), unanswered).refetch).toBe(false);
  });

  it('patches votes and views in place', () => {
    const voted: QuestionEvent = {
      type: 'voted',
      qid: 1,
      upVotes: ['a', 'b'],
      downVotes: ['c'],
      upVoteCount: 2,
      downVoteCount: 1,
      voteScore: 1,
      voteVersion: 3,
    };
    const afterVote = applyQuestionEventToList(data, voted, newest).data;
    expect(listItems(afterVote)[2]).toMatchObject({
      upVoteCount: 2,
      downVoteCount: 1,
      voteScore: 1,
    });
    const viewed: QuestionEvent = { type: 'viewed', qid: 3, viewCount: 5 };
    const afterView = applyQuestionEventToList(afterVote, viewed, { order: 'mostViewed' });
    expect(afterView.refetch).toBe(false);
    expect(listItems(afterView.data)[0]?.viewCount).toBe(5);
    // Events for questions that are not listed change nothing.
    expect(applyQuestionEventToList(data, { ...viewed, qid: 99 }, newest).data).toBe(data);
  });

  it('marks a card when its question gets an accepted answer, and unmarks it', () => {
    const accepted = (acceptedAnswerId: number | null): QuestionEvent => ({
      type: 'accepted',
      qid: 2,
      acceptedAnswerId,
      acceptVersion: 1,
    });
    const marked = applyQuestionEventToList(data, accepted(9), newest).data;
    expect(listItems(marked).map((item) => item.hasAcceptedAnswer)).toEqual([false, true, false]);
    const unmarked = applyQuestionEventToList(marked, accepted(null), newest).data;
    expect(listItems(unmarked)[1]?.hasAcceptedAnswer).toBe(false);
  });

  it('shows an edited title and tags in place, and refetches searches and tag lists', () => {
    const tags = [{ id: 9, name: 'sorting', description: '' }];
    const edited: QuestionEvent = {
      type: 'edited',
      qid: 1,
      title: 'Sorting, edited',
      text: 'New text',
      tags,
      editedAt: at(50),
      revisionCount: 1,
      lastActivityAt: at(50),
    };
    const patch = applyQuestionEventToList(data, edited, newest);
    expect(patch.refetch).toBe(false);
    expect(listItems(patch.data)[2]).toMatchObject({ title: 'Sorting, edited', tags });
    expect(applyQuestionEventToList(data, edited, { order: 'newest', tag: 'react' }).refetch).toBe(
      true,
    );
    expect(applyQuestionEventToList(data, edited, { order: 'active', search: 'x' }).refetch).toBe(
      true,
    );
    expect(applyQuestionEventToList(data, { ...edited, qid: 99 }, newest).data).toBe(data);
  });

  it("moves an edited question, or one whose answer was edited, to the top of Active as 'modified'", () => {
    const active: ListView = { order: 'active' };
    const edited: QuestionEvent = {
      type: 'edited',
      qid: 1,
      title: 'Question 1, edited',
      text: 'New text',
      tags: [{ id: 1, name: 'react', description: '' }],
      editedAt: at(100),
      revisionCount: 1,
      lastActivityAt: at(100),
    };
    const patch = applyQuestionEventToList(data, edited, active);
    expect(patch.refetch).toBe(false);
    expect(ids(patch.data)).toEqual([1, 3, 2]);
    expect(listItems(patch.data)[0]).toMatchObject({
      title: 'Question 1, edited',
      lastActivityAt: at(100),
      lastActivityKind: 'modified',
    });
    expect(patch.data.pages.map((p) => p.total)).toEqual([3, 3]);
    // Replayed, it leaves the same list.
    expect(applyQuestionEventToList(patch.data, edited, active).data).toEqual(patch.data);

    const answerEdited: QuestionEvent = {
      type: 'answerEdited',
      qid: 2,
      answerId: 51,
      text: 'Better',
      editedAt: at(110),
      revisionCount: 1,
      lastActivityAt: at(110),
    };
    const next = applyQuestionEventToList(patch.data, answerEdited, active).data;
    expect(ids(next)).toEqual([2, 1, 3]);
    expect(listItems(next)[0]).toMatchObject({
      lastActivityAt: at(110),
      lastActivityKind: 'modified',
    });
    // A comment after the edit says 'commented'; the edit replayed late does not undo it.
    const comment: QuestionEvent = {
      type: 'commented',
      qid: 2,
      parent: { type: 'answer', id: 51 },
      comment: { id: 9, text: 'c', commentBy: 'bob', commentDateTime: at(120) },
      lastActivityAt: at(120),
    };
    const commented = applyQuestionEventToList(next, comment, active).data;
    const late = applyQuestionEventToList(commented, answerEdited, active).data;
    expect(listItems(late).find((item) => item.id === 2)).toMatchObject({
      lastActivityAt: at(120),
      lastActivityKind: 'commented',
    });

    // Other orders keep their order and show the new activity; an edit off the cached pages
    // refetches Active only.
    const onNewest = applyQuestionEventToList(data, answerEdited, newest).data;
    expect(ids(onNewest)).toEqual([3, 2, 1]);
    expect(listItems(onNewest)[1]?.lastActivityKind).toBe('modified');
    expect(applyQuestionEventToList(data, { ...edited, qid: 7 }, active).refetch).toBe(true);
    expect(applyQuestionEventToList(data, { ...answerEdited, qid: 7 }, active).refetch).toBe(true);
    expect(applyQuestionEventToList(data, { ...answerEdited, qid: 7 }, newest)).toEqual({
      data,
      refetch: false,
    });
  });
});

const detail = (): QuestionDetail => ({
  id: 1,
  closure: { closedAt: null, duplicateOf: null, closeVotes: 0, reopenVotes: 0 },
  myClosureVote: null,
  title: 'T',
  text: 'Body',
  tags: [],
  askedBy: 'alice',
  askDateTime: T0,
  lastActivityAt: T0,
  viewCount: 1,
  answerCount: 1,
  voteScore: 0,
  voteVersion: 0,
  upVotes: [],
  downVotes: [],
  myVote: 0,
  comments: [],
  answers: [answerView(51, 'First', T0)],
  acceptedAnswerId: null,
  acceptVersion: 0,
  editedAt: null,
  revisionCount: 0,
});

describe('applyQuestionEventToDetail', () => {
  it('adds a new answer once', () => {
    const event = answered(1, 2);
    const once = applyQuestionEventToDetail(detail(), event, 'alice');
    expect(once.answers.map((a) => a.id)).toEqual([51, 52]);
    expect(once.answerCount).toBe(2);
    expect(applyQuestionEventToDetail(once, event, 'alice')).toEqual(once);
  });

  it('adds comments to the question or to an answer, once', () => {
    const comment = { id: 7, text: 'Nice', commentBy: 'carol', commentDateTime: at(5) };
    const onQuestion: QuestionEvent = {
      type: 'commented',
      qid: 1,
      parent: { type: 'question', id: 1 },
      comment,
      lastActivityAt: at(5),
    };
    const a = applyQuestionEventToDetail(detail(), onQuestion, 'alice');
    expect(a.comments).toEqual([comment]);
    expect(applyQuestionEventToDetail(a, onQuestion, 'alice').comments).toHaveLength(1);
    const onAnswer: QuestionEvent = { ...onQuestion, parent: { type: 'answer', id: 51 } };
    const b = applyQuestionEventToDetail(detail(), onAnswer, 'alice');
    expect(b.comments).toEqual([]);
    expect(b.answers[0]?.comments).toEqual([comment]);
  });

  const voted = (voteVersion: number, upVotes: string[], downVotes: string[]): QuestionEvent => ({
    type: 'voted',
    qid: 1,
    upVotes,
    downVotes,
    upVoteCount: upVotes.length,
    downVoteCount: downVotes.length,
    voteScore: upVotes.length - downVotes.length,
    voteVersion,
  });

  it('replaces votes and derives the viewer’s own vote', () => {
    const event = voted(7, ['bob'], ['carol']);
    expect(applyQuestionEventToDetail(detail(), event, 'bob')).toMatchObject({
      voteScore: 0,
      voteVersion: 7,
      myVote: 1,
    });
    expect(applyQuestionEventToDetail(detail(), event, 'carol').myVote).toBe(-1);
    expect(applyQuestionEventToDetail(detail(), event, 'alice').myVote).toBe(0);
  });

  it('keeps a newer vote state when an older one arrives late', () => {
    const newer = applyQuestionEventToDetail(detail(), voted(5, ['bob', 'carol'], []), 'bob');
    expect(applyQuestionEventToDetail(newer, voted(4, ['bob'], []), 'bob')).toBe(newer);
  });

  it('replaces an answer’s votes with a newer state only, deriving the viewer’s own vote', () => {
    const answerVoted = (voteVersion: number, upVotes: string[]): QuestionEvent => ({
      type: 'answerVoted',
      qid: 1,
      answerId: 51,
      upVotes,
      downVotes: [],
      upVoteCount: upVotes.length,
      downVoteCount: 0,
      voteScore: upVotes.length,
      voteVersion,
    });
    const newer = applyQuestionEventToDetail(detail(), answerVoted(2, ['alice', 'carol']), 'alice');
    expect(newer.answers[0]).toMatchObject({ voteScore: 2, voteVersion: 2, myVote: 1 });
    // The question's own votes stay as they were.
    expect(newer).toMatchObject({ voteScore: 0, voteVersion: 0, myVote: 0 });
    const late = applyQuestionEventToDetail(newer, answerVoted(1, ['carol']), 'alice');
    expect(late.answers[0]).toEqual(newer.answers[0]);
  });

  it('follows the accepted answer, keeping the newest accepted state', () => {
    const accepted = (acceptedAnswerId: number | null, acceptVersion: number): QuestionEvent => ({
      type: 'accepted',
      qid: 1,
      acceptedAnswerId,
      acceptVersion,
    });
    const first = applyQuestionEventToDetail(detail(), accepted(51, 1), 'bob');
    expect(first).toMatchObject({ acceptedAnswerId: 51, acceptVersion: 1 });
    const undone = applyQuestionEventToDetail(first, accepted(null, 2), 'bob');
    expect(undone.acceptedAnswerId).toBeNull();
    expect(applyQuestionEventToDetail(undone, accepted(51, 1), 'bob')).toBe(undone);
  });

  it('replaces an edited question or answer with a newer edit only', () => {
    const edited = (revisionCount: number, title: string): QuestionEvent => ({
      type: 'edited',
      qid: 1,
      title,
      text: `${title} text`,
      tags: [],
      editedAt: at(revisionCount),
      revisionCount,
      lastActivityAt: at(revisionCount),
    });
    const second = applyQuestionEventToDetail(detail(), edited(2, 'Second'), 'a');
    expect(second).toMatchObject({
      title: 'Second',
      text: 'Second text',
      revisionCount: 2,
      lastActivityAt: at(2),
    });
    expect(applyQuestionEventToDetail(second, edited(1, 'First'), 'a')).toBe(second);

    const answerEdited = (revisionCount: number, text: string): QuestionEvent => ({
      type: 'answerEdited',
      qid: 1,
      answerId: 51,
      text,
      editedAt: at(revisionCount),
      revisionCount,
      lastActivityAt: at(revisionCount),
    });
    const answered = applyQuestionEventToDetail(detail(), answerEdited(1, 'Better'), 'a');
    expect(answered.answers[0]).toMatchObject({ text: 'Better', revisionCount: 1 });
    expect(answered.lastActivityAt).toEqual(at(1));
    const late = applyQuestionEventToDetail(answered, answerEdited(1, 'Stale'), 'a');
    expect(late.answers[0]?.text).toBe('Better');
  });

  it('raises the view count and ignores other questions', () => {
    expect(
      applyQuestionEventToDetail(detail(), { type: 'viewed', qid: 1, viewCount: 4 }, 'a').viewCount,
    ).toBe(4);
    const d = detail();
    expect(applyQuestionEventToDetail(d, { type: 'viewed', qid: 2, viewCount: 4 }, 'a')).toBe(d);
  });
});

describe('helpers', () => {
  it('reads the list view from the URL', () => {
    expect(listViewFromParams(new URLSearchParams(''))).toEqual({ order: 'newest' });
    expect(listViewFromParams(new URLSearchParams('order=active&search=%20x%20&tag='))).toEqual({
      order: 'active',
      search: 'x',
    });
    expect(listViewFromParams(new URLSearchParams('order=bogus&tag=react'))).toEqual({
      order: 'newest',
      tag: 'react',
    });
    expect(listViewFromInput({ order: 'mostViewed', tag: 'js', limit: 20 })).toEqual({
      order: 'mostViewed',
      tag: 'js',
    });
    expect(listViewFromInput(undefined)).toEqual({ order: 'newest' });
  });

  it('titles the list', () => {
    expect(listTitle({ order: 'newest' })).toBe('All Questions');
    expect(listTitle({ order: 'newest', search: 'x', tag: 'react' })).toBe('Search Results');
    expect(listTitle({ order: 'newest', tag: 'react' })).toBe('react');
    expect(listTitle({ order: 'newest', tag: 'REACT' }, 'React')).toBe('React');
  });

  it('lists cached items without repeats', () => {
    expect(
      ids(
        list(
          [
            [q(3), q(2)],
            [q(2), q(1)],
          ],
          3,
        ),
      ),
    ).toEqual([3, 2, 1]);
    expect(listItems(undefined)).toEqual([]);
  });
});
