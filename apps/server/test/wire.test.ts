import { describe, expect, it } from 'vitest';
import type { GameView, ProblemDetail, SubmissionDetail } from '@app/api';
import {
  PRIVATE_GAME_MARK,
  wireChat,
  wireChatJson,
  wireGame,
  wireMessage,
  wireProblem,
  wireQuestion,
  wireSubmission,
  wireTagWithCount,
  wireTestResult,
  wireUser,
} from '../src/legacy/wire';
import {
  createJoinedJson,
  JOINED_BYTES_KEPT,
  JOINED_LISTS_KEPT,
} from '../src/legacy/rest/joined-json';

const at = new Date('2025-01-02T03:04:05.000Z');

describe('wire shapes (SPEC §3 names)', () => {
  it('gives a user only its public fields', () => {
    const user = { username: 'ann', biography: 'hi', dateJoined: at, passwordHash: 'scrypt$x' };
    expect(wireUser(user)).toEqual({ username: 'ann', biography: 'hi', dateJoined: at });
    expect(JSON.stringify(wireUser(user))).toContain('"2025-01-02T03:04:05.000Z"');
  });

  it('names a question with _id, tags as objects, views as a list and populated answers', () => {
    const comment = { id: 5, text: 'c', commentBy: 'bob', commentDateTime: at };
    const wire = wireQuestion({
      id: 1,
      title: 't',
      text: 'x',
      tags: [{ id: 2, name: 'react', description: 'd' }],
      askedBy: 'ann',
      askDateTime: at,
      upVotes: ['bob'],
      downVotes: [],
      viewCount: 3,
      comments: [comment],
      answers: [{ id: 4, text: 'a', ansBy: 'bob', ansDateTime: at, comments: [comment] }],
    });
    expect(wire).toEqual({
      _id: '1',
      title: 't',
      text: 'x',
      tags: [{ _id: '2', name: 'react', description: 'd' }],
      askedBy: 'ann',
      askDateTime: at,
      answers: [
        {
          _id: '4',
          text: 'a',
          ansBy: 'bob',
          ansDateTime: at,
          comments: [{ _id: '5', text: 'c', commentBy: 'bob', commentDateTime: at }],
        },
      ],
      upVotes: ['bob'],
      downVotes: [],
      views: ['', '', ''],
      comments: [{ _id: '5', text: 'c', commentBy: 'bob', commentDateTime: at }],
    });
  });

  it('gives tags their qcnt and chats their messages', () => {
    expect(wireTagWithCount({ id: 1, name: 'n', description: 'd', qcnt: 2 })).toEqual({
      _id: '1',
      name: 'n',
      description: 'd',
      qcnt: 2,
    });
    const chat = wireChat({ id: 7, participants: ['a', 'b'], createdAt: at }, [
      { id: 9, msg: 'hi', msgFrom: 'a', msgDateTime: at },
    ]);
    expect(chat).toEqual({
      _id: '7',
      participants: ['a', 'b'],
      messages: [{ _id: '9', msg: 'hi', msgFrom: 'a', msgDateTime: at }],
      createdAt: at,
    });
  });

  it('writes a chat as JSON exactly as JSON.stringify writes its wire shape', () => {
    const chat = { id: 7, participants: ['a"b', 'c\\d'], createdAt: at };
    const messages = [
      { id: 9, msg: 'hi "there"\n', msgFrom: 'a"b', msgDateTime: at },
      { id: 10, msg: '😀', msgFrom: 'c\\d', msgDateTime: new Date(0) },
    ];
    const joined = createJoinedJson((m: (typeof messages)[number]) =>
      JSON.stringify(wireMessage(m)),
    );
    // Empty, then one message, then both (the second joined to the first as kept), then empty.
    for (const list of [[], messages.slice(0, 1), messages, []]) {
      expect(Buffer.concat(wireChatJson(chat, list, joined)).toString()).toBe(
        JSON.stringify(wireChat(chat, list)),
      );
    }
  });
});

describe('wire shapes of games, problems and submissions (SPEC §3 names)', () => {
  const nim: GameView = {
    id: 'g1',
    title: 'Nim for two',
    gameType: 'Nim',
    status: 'IN_PROGRESS',
    players: ['ann', 'bob'],
    isPrivate: true,
    createdAt: at,
    deadline: null,
    state: {
      status: 'IN_PROGRESS',
      player1: 'ann',
      player2: 'bob',
      moves: [{ player: 'ann', numObjects: 3 }],
      remainingObjects: 18,
      winners: [],
    },
  };

  it('names a Nim game with gameID, players and its state; a private one is marked, never revealed', () => {
    const wire = wireGame(nim);
    expect(wire).toEqual({
      gameID: 'g1',
      title: 'Nim for two',
      gameType: 'Nim',
      players: ['ann', 'bob'],
      password: PRIVATE_GAME_MARK,
      createdAt: at,
      state: {
        status: 'IN_PROGRESS',
        player1: 'ann',
        player2: 'bob',
        moves: [{ playerID: 'ann', gameID: 'g1', move: { numObjects: 3 } }],
        remainingObjects: 18,
        winners: [],
      },
    });
    // A view that carries the room's secret (as a database row does) is still shown without it.
    const withSecret = { ...nim, password: 'open sesame', passwordHash: 'scrypt$c2FsdA$aGFzaA' };
    const shown = JSON.stringify(wireGame(withSecret));
    expect(shown).not.toContain('open sesame');
    expect(shown).not.toContain('scrypt');
    expect(shown).toContain(`"password":"${PRIVATE_GAME_MARK}"`);
    expect(wireGame({ ...nim, isPrivate: false })).not.toHaveProperty('password');
  });

  it('names a CollabCode game with problemID, ISO startTime and the currentCode when given', () => {
    const collab: GameView = {
      id: 'g2',
      title: 'Pair up',
      gameType: 'CollabCode',
      status: 'IN_PROGRESS',
      players: ['ann'],
      isPrivate: false,
      playerLimit: 4,
      problemId: 7,
      createdAt: at,
      deadline: at.getTime() + 60 * 60_000,
      state: {
        status: 'IN_PROGRESS',
        players: ['ann'],
        playerLimit: 4,
        timeLimit: 60,
        startTime: at.getTime(),
        problemId: 7,
        winners: [],
      },
    };
    const wire = wireGame(collab, 'function f() {}');
    expect(wire.state).toEqual({
      status: 'IN_PROGRESS',
      players: ['ann'],
      playerLimit: 4,
      timeLimit: 60,
      startTime: at,
      problemID: '7',
      winners: [],
      currentCode: 'function f() {}',
    });
    expect(JSON.stringify(wire)).toContain('"startTime":"2025-01-02T03:04:05.000Z"');
    expect(wireGame(collab).state).not.toHaveProperty('currentCode');
  });

  it('names a problem, a test result and a submission', () => {
    const problem = {
      id: 3,
      title: 'Add',
      problemText: 'Add two numbers',
      functionSignature: 'function add(a, b) {}',
      suggestedSolution: 'function add(a, b) { return a + b; }',
      postedBy: 'ann',
      createdAt: at,
      isAuthor: false,
      testCases: [{ number: 1, testCode: 'assert(add(1, 2), 3)', hidden: false }],
      hiddenTestCount: 1,
      upVotes: ['bob'],
      downVotes: [],
      myVote: 0,
      upVoteCount: 1,
      downVoteCount: 0,
      voteScore: 1,
      voteVersion: 1,
      difficulty: 'easy',
      topics: ['math'],
      submitCount: 2,
      acceptedCount: 1,
    } satisfies ProblemDetail;
    expect(wireProblem(problem)).toEqual({
      _id: '3',
      title: 'Add',
      problemText: 'Add two numbers',
      functionSignature: 'function add(a, b) {}',
      testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: false }],
      postedBy: 'ann',
      suggestedSolution: 'function add(a, b) { return a + b; }',
      createdAt: at,
      usersUpvoted: ['bob'],
      usersDownvoted: [],
    });
    expect(
      wireTestResult({
        number: 2,
        hidden: true,
        testCode: null,
        status: 'Wrong Answer',
        cpuTime: null,
        memoryUsage: null,
        errorMessage: 'Hidden test failed',
        output: null,
      }),
    ).toEqual({
      status: 'Wrong Answer',
      cpuTime: null,
      memoryUsage: null,
      errorMessage: 'Hidden test failed',
    });
    const submission: SubmissionDetail = {
      id: 9,
      problemId: 3,
      submissionBy: 'bob',
      createdAt: at,
      lineCount: 1,
      codeLength: 10,
      runTime: 1500,
      heapUse: 4096,
      submissionCode: 'code',
      problem: { id: 3, title: 'Add', problemText: 'x', functionSignature: 'y' },
    };
    expect(wireSubmission(submission)).toEqual({
      _id: '9',
      problemId: '3',
      submissionBy: 'bob',
      runTime: 1500,
      heapUse: 4096,
      submissionCode: 'code',
      createdAt: at,
    });
  });
});

describe('a growing list answered whole (createJoinedJson)', () => {
  const item = (n: number) => ({ n });
  const counted = () => {
    const written: number[] = [];
    const bytes = createJoinedJson((it: { n: number }) => (written.push(it.n), String(it.n)));
    const join = (list: number, items: readonly { n: number }[]) => bytes(list, items).toString();
    return { join, written };
  };

  it('writes only the items added since the last answer of the same list', () => {
    const { join, written } = counted();
    const [a, b, c] = [item(1), item(2), item(3)];
    expect(join(1, [a, b])).toBe('1,2');
    expect(join(1, [a, b, c])).toBe('1,2,3');
    expect(join(1, [a, b, c])).toBe('1,2,3');
    expect(written).toEqual([1, 2, 3]);
  });

  it('joins anew when an item before the new ones is another object, or gone', () => {
    const { join, written } = counted();
    const [a, b, c] = [item(1), item(2), item(3)];
    join(1, [a, b]);
    // The same number in another object (a message hidden, or shown to its sender only).
    expect(join(1, [a, item(2), c])).toBe('1,2,3');
    expect(join(1, [a, c])).toBe('1,3');
    expect(written).toEqual([1, 2, 1, 2, 3, 1, 3]);
  });

  it('never changes an answer already handed out, whatever the list answers next', () => {
    const bytes = createJoinedJson((it: { n: string }) => it.n);
    const items = Array.from({ length: 300 }, (_, i) => ({ n: `item-${i}` }));
    const first = bytes(1, items.slice(0, 100));
    const before = first.toString();
    // Grown past its room (copied into a larger one), then joined anew with another item first.
    bytes(1, items);
    bytes(1, [{ n: 'other' }, ...items.slice(1)]);
    bytes(1, [{ n: 'x'.repeat(5000) }]);
    expect(first.toString()).toBe(before);
    expect(bytes(1, items).toString()).toBe(items.map((it) => it.n).join(','));
  });

  it('lets go of the lists answered longest ago past the bytes kept, and never keeps one larger', () => {
    const written: number[] = [];
    const big = 'x'.repeat(JOINED_BYTES_KEPT / 4);
    const bytes = createJoinedJson((it: { n: number }) => (written.push(it.n), big));
    const [a, b, c, d, e] = [item(1), item(2), item(3), item(4), item(5)];
    bytes(1, [a]);
    bytes(2, [b]);
    bytes(3, [c]);
    bytes(4, [d]);
    // A fifth is one too many bytes: the list answered longest ago (1) goes.
    bytes(5, [e]);
    written.length = 0;
    bytes(5, [e]);
    bytes(2, [b]);
    bytes(1, [a]);
    expect(written).toEqual([1]);
    // A list larger than the bound alone: answered, not kept.
    const huge = Array.from({ length: 5 }, (_, i) => item(10 + i));
    expect(bytes(6, huge).length).toBe(5 * big.length + 4);
    bytes(6, huge);
    expect(written).toEqual([1, ...huge.map((it) => it.n), ...huge.map((it) => it.n)]);
  });

  it('keeps each list apart, and only the lists answered most recently', () => {
    const { join, written } = counted();
    const shared = item(1);
    join(1, [shared]);
    join(2, [item(5)]);
    expect(join(1, [shared, item(2)])).toBe('1,2');
    for (let list = 3; list < 3 + JOINED_LISTS_KEPT; list++) join(list, []);
    written.length = 0;
    expect(join(1, [shared])).toBe('1');
    expect(written).toEqual([1]);
  });
});
