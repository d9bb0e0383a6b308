import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_GAME_MARK } from '../src/legacy/wire';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const running = useTestServer({ trustedOrigins: ['http://localhost:3000'] });
const { mutate, signUp, open } = socketClients(running);

let alice: string;
let bob: string;
let carol: string;
let dave: string;

beforeAll(async () => {
  alice = await signUp('alice_s');
  bob = await signUp('bob_s');
  carol = await signUp('carol_s');
  dave = await signUp('dave_s');
});

describe('connecting', () => {
  it('refuses a page on an origin outside the allow-list', async () => {
    await expect(open(alice, 'https://evil.example')).rejects.toThrow();
  });

  it('accepts a trusted origin and a signed-out socket', async () => {
    const trusted = await open(alice, 'http://localhost:3000');
    const anonymous = await open();
    expect(trusted.connected && anonymous.connected).toBe(true);
  });

  it('upgrades from polling to websocket', async () => {
    const socket = await open(alice);
    await until(() => socket.io.engine.transport.name === 'websocket');
  });
});

describe('question events reach every socket, signed in or not', () => {
  it('questionUpdate, answerUpdate, commentUpdate, voteUpdate, viewsUpdate', async () => {
    const signedIn = record(await open(bob));
    const anonymous = record(await open());
    const { data } = await mutate(
      'question.create',
      { title: 'Sockets?', text: 'How do sockets work?', tags: ['net'] },
      alice,
    );
    const qid = (data as { question: { id: number } }).question.id;
    await until(() => !!signedIn.questionUpdate && !!anonymous.questionUpdate);
    expect(anonymous.questionUpdate?.[0]).toMatchObject({
      _id: String(qid),
      title: 'Sockets?',
      text: 'How do sockets work?',
      askedBy: 'alice_s',
      tags: [{ name: 'net' }],
      answers: [],
      upVotes: [],
      views: [],
    });

    await mutate('answer.create', { qid, text: 'With frames.' }, bob);
    await until(() => !!anonymous.answerUpdate);
    expect(anonymous.answerUpdate?.[0]).toMatchObject({
      qid: String(qid),
      answer: { text: 'With frames.', ansBy: 'bob_s', comments: [] },
    });

    await mutate('comment.create', { id: qid, type: 'question', text: 'Good one' }, bob);
    await until(() => !!anonymous.commentUpdate);
    expect(anonymous.commentUpdate?.[0]).toMatchObject({
      type: 'question',
      result: { _id: String(qid), comments: [{ text: 'Good one', commentBy: 'bob_s' }] },
    });

    await mutate('question.vote', { qid, vote: 'up' }, bob);
    await until(() => !!anonymous.voteUpdate);
    expect(anonymous.voteUpdate?.[0]).toEqual({
      qid: String(qid),
      upVotes: ['bob_s'],
      downVotes: [],
    });

    await mutate('question.view', { qid }, carol);
    await until(() => !!anonymous.viewsUpdate);
    expect(anonymous.viewsUpdate?.[0]).toMatchObject({ _id: String(qid), views: [''] });
  });
});

describe('signed-in events', () => {
  it('messageUpdate and userUpdate reach signed-in sockets only', async () => {
    const signedIn = record(await open(carol));
    const anonymousSocket = await open();
    const anonymous = record(anonymousSocket);
    await mutate('message.send', { msg: 'hello all' }, alice);
    await until(() => !!signedIn.messageUpdate);
    expect(signedIn.messageUpdate?.[0]).toMatchObject({
      msg: { msg: 'hello all', msgFrom: 'alice_s', msgDateTime: expect.stringMatching(ISO) },
    });
    await mutate(
      'user.updateBiography',
      { username: 'alice_s', biography: 'I test sockets' },
      alice,
    );
    await until(() => !!signedIn.userUpdate);
    expect(signedIn.userUpdate?.[0]).toMatchObject({
      type: 'updated',
      user: { username: 'alice_s', biography: 'I test sockets' },
    });
    await roundTrip(anonymousSocket);
    expect(anonymous.messageUpdate).toBeUndefined();
    expect(anonymous.userUpdate).toBeUndefined();
  });
});

describe('chat events', () => {
  it('reach participants who joined the chat, never anyone else', async () => {
    const { data } = await mutate('chat.create', { username: 'bob_s' }, alice);
    const chatId = (data as { chat: { id: number } }).chat.id;
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);
    const carolSocket = await open(carol);
    const bobNotJoinedSocket = await open(bob);
    const bobNotJoined = record(bobNotJoinedSocket);
    const seenAlice = record(aliceSocket);
    const seenBob = record(bobSocket);
    const seenCarol = record(carolSocket);
    await Promise.all([join(aliceSocket, 'joinChat', chatId), join(bobSocket, 'joinChat', chatId)]);
    // Not a participant: refused, with the sentence.
    expect(await carolSocket.emitWithAck('joinChat', chatId)).toEqual({
      ok: false,
      error: expect.any(String),
    });
    await mutate('chat.send', { chatId, msg: 'just us' }, alice);
    await until(() => !!seenAlice.chatUpdate && !!seenBob.chatUpdate);
    expect(seenBob.chatUpdate?.[0]).toMatchObject({
      type: 'newMessage',
      chat: {
        _id: String(chatId),
        participants: ['alice_s', 'bob_s'],
        messages: [{ msg: 'just us', msgFrom: 'alice_s' }],
      },
    });
    await Promise.all([roundTrip(carolSocket), roundTrip(bobNotJoinedSocket)]);
    expect(seenCarol.chatUpdate).toBeUndefined();
    expect(bobNotJoined.chatUpdate).toBeUndefined();

    expect(await bobSocket.emitWithAck('leaveChat', chatId)).toEqual({ ok: true });
    await mutate('chat.send', { chatId, msg: 'again' }, alice);
    await until(() => seenAlice.chatUpdate?.length === 2);
    await roundTrip(bobSocket);
    expect(seenBob.chatUpdate).toHaveLength(1);
  });
});

describe('joining and leaving a room', () => {
  it('a leave sent right after a join ends outside the room: the join still being checked is cancelled', async () => {
    const { data } = await mutate<{ chat: { id: number } }>(
      'chat.create',
      { username: 'dave_s' },
      bob,
    );
    const chatId = data.chat.id;
    const bobSocket = await open(bob);
    const daveSocket = await open(dave);
    const seenBob = record(bobSocket);
    const seenDave = record(daveSocket);
    await join(bobSocket, 'joinChat', chatId);
    // Sent one after the other without waiting: the join is still being checked when the leave comes.
    const joined = daveSocket.emitWithAck('joinChat', chatId);
    const left = daveSocket.emitWithAck('leaveChat', chatId);
    expect(await joined).toEqual({ ok: false });
    expect(await left).toEqual({ ok: true });
    await mutate('chat.send', { chatId, msg: 'only bob is here' }, bob);
    await until(() => !!seenBob.chatUpdate);
    await roundTrip(daveSocket);
    expect(seenDave.chatUpdate).toBeUndefined();
    // A join after the leave counts again.
    await join(daveSocket, 'joinChat', chatId);
    await mutate('chat.send', { chatId, msg: 'now both' }, bob);
    await until(() => !!seenDave.chatUpdate);
  });
});

describe('chat lists', () => {
  it('created and newParticipant reach every socket of the participants, nobody else', async () => {
    // Nobody can have joined a chat's room before the chat existed or before being in it: these
    // two reach the participants' sockets wherever they are (the original client adds the chat to
    // its list); newMessage needs joinChat (above).
    const carolSocket = await open(carol);
    const seenCarol = record(carolSocket);
    const seenDave = record(await open(dave));
    const seenAlice = record(await open(alice));
    const bobSocket = await open(bob);
    const seenBob = record(bobSocket);
    const anonymousSocket = await open();
    const anonymous = record(anonymousSocket);
    const { data } = await mutate<{ chat: { id: number } }>(
      'chat.create',
      { username: 'dave_s' },
      carol,
    );
    const chatId = data.chat.id;
    await until(() => !!seenCarol.chatUpdate && !!seenDave.chatUpdate);
    const created = {
      type: 'created',
      chat: {
        _id: String(chatId),
        participants: ['carol_s', 'dave_s'],
        messages: [],
        createdAt: expect.stringMatching(ISO),
      },
    };
    expect(seenCarol.chatUpdate).toEqual([created]);
    expect(seenDave.chatUpdate).toEqual([created]);

    await mutate('chat.send', { chatId, msg: 'before alice' }, dave);
    await mutate('chat.addParticipant', { chatId, username: 'alice_s' }, carol);
    await until(() => !!seenAlice.chatUpdate && seenCarol.chatUpdate?.length === 2);
    const added = {
      type: 'newParticipant',
      chat: {
        _id: String(chatId),
        participants: ['carol_s', 'dave_s', 'alice_s'],
        messages: [{ msg: 'before alice', msgFrom: 'dave_s' }],
      },
    };
    expect(seenAlice.chatUpdate).toMatchObject([added]);
    expect(seenCarol.chatUpdate?.[1]).toMatchObject(added);
    await until(() => seenDave.chatUpdate?.length === 2);
    expect(seenDave.chatUpdate?.[1]).toMatchObject(added);
    await Promise.all([carolSocket, bobSocket, anonymousSocket].map(roundTrip));
    // The message went to nobody: none of these sockets joined the chat.
    expect(seenCarol.chatUpdate).toHaveLength(2);
    expect(seenBob.chatUpdate).toBeUndefined();
    expect(anonymous.chatUpdate).toBeUndefined();
  });
});

describe('problem votes', () => {
  it('voteProblemUpdate reaches signed-in sockets, not signed-out ones', async () => {
    const signedIn = record(await open(carol));
    const anonymousSocket = await open();
    const anonymous = record(anonymousSocket);
    const { data } = await mutate<{ problem: { id: number } }>(
      'problem.create',
      {
        title: 'Add two numbers',
        problemText: 'Write add(a, b) that returns the sum of two numbers.',
        functionSignature: 'function add(a, b) {\n}',
        testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: false }],
        suggestedSolution: 'function add(a, b) {\n  return a + b;\n}',
      },
      alice,
    );
    const pid = data.problem.id;
    await mutate('problem.vote', { id: pid, vote: 'up' }, bob);
    await until(() => !!signedIn.voteProblemUpdate);
    expect(signedIn.voteProblemUpdate).toEqual([
      { pid: String(pid), upVotes: ['bob_s'], downVotes: [] },
    ]);
    await mutate('problem.vote', { id: pid, vote: 'down' }, dave);
    await until(() => signedIn.voteProblemUpdate?.length === 2);
    expect(signedIn.voteProblemUpdate?.[1]).toEqual({
      pid: String(pid),
      upVotes: ['bob_s'],
      downVotes: ['dave_s'],
    });
    await roundTrip(anonymousSocket);
    expect(anonymous.voteProblemUpdate).toBeUndefined();
  });
});

describe('Nim over socket.io', () => {
  it('plays a whole game between two sockets; refused moves change nothing', async () => {
    const { data } = await mutate(
      'game.createNim',
      { seatCreator: false, title: 'Socket Nim', isPrivate: false },
      alice,
    );
    const gameID = (data as { game: { id: string } }).game.id;
    await mutate('game.join', { id: gameID }, alice);
    await mutate('game.join', { id: gameID }, bob);
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);
    const outsiderSocket = await open(carol);
    const outsider = record(outsiderSocket);
    const seenAlice = record(aliceSocket);
    const seenBob = record(bobSocket);
    await Promise.all([join(aliceSocket, 'joinGame', gameID), join(bobSocket, 'joinGame', gameID)]);

    // Out of turn, for someone else, and out of range: gameError to the mover only, no change.
    bobSocket.emit('makeMove', {
      gameID,
      move: { playerID: 'bob_s', gameID, move: { numObjects: 1 } },
    });
    bobSocket.emit('makeMove', { gameID, playerID: 'alice_s', move: { numObjects: 1 } });
    await until(() => seenBob.gameError?.length === 2);
    aliceSocket.emit('makeMove', { gameID, playerID: 'alice_s', move: { numObjects: 9 } });
    await until(() => seenAlice.gameError?.length === 1);
    expect(seenBob.gameError?.[0]).toMatchObject({ player: 'bob_s', error: expect.any(String) });
    expect(seenAlice.gameError?.[0]).toMatchObject({ player: 'alice_s' });
    await Promise.all([roundTrip(aliceSocket), roundTrip(outsiderSocket)]);
    expect(seenAlice.gameError).toHaveLength(1);
    expect(seenAlice.gameUpdate).toBeUndefined();
    expect(outsider.gameError).toBeUndefined();

    // 21 objects, three at a time: alice, bob, alice … bob takes the last.
    const players = [
      ['alice_s', aliceSocket],
      ['bob_s', bobSocket],
    ] as const;
    for (let turn = 0; turn < 7; turn++) {
      const [playerID, socket] = players[turn % 2]!;
      socket.emit('makeMove', {
        gameID,
        move: { playerID, gameID, move: { numObjects: 3 } },
      });
      await until(() => seenAlice.gameUpdate?.length === turn + 1);
    }
    await until(() => seenBob.gameUpdate?.length === 7);
    const last = seenBob.gameUpdate?.at(-1) as { gameInstance: Record<string, unknown> };
    expect(last.gameInstance).toMatchObject({
      gameID,
      gameType: 'Nim',
      players: ['alice_s', 'bob_s'],
      state: { status: 'OVER', remainingObjects: 0, player1: 'alice_s', player2: 'bob_s' },
    });
    expect((last.gameInstance.state as { moves: unknown[] }).moves[0]).toEqual({
      playerID: 'alice_s',
      gameID,
      move: { numObjects: 3 },
    });
    expect(outsider.gameUpdate).toBeUndefined();
  });

  it('marks a private game as REST does: a truthy password that is not the real one', async () => {
    const { data } = await mutate<{ game: { id: string } }>(
      'game.createNim',
      { seatCreator: false, title: 'Private Nim', isPrivate: true, password: 'hunter22' },
      alice,
    );
    const gameID = data.game.id;
    await mutate('game.join', { id: gameID, password: 'hunter22' }, alice);
    await mutate('game.join', { id: gameID, password: 'hunter22' }, bob);
    const notInRoom = record(await open(alice));
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);
    const seenBob = record(bobSocket);
    await Promise.all([join(aliceSocket, 'joinGame', gameID), join(bobSocket, 'joinGame', gameID)]);
    aliceSocket.emit('makeMove', { gameID, playerID: 'alice_s', move: { numObjects: 2 } });
    await until(() => (seenBob.gameUpdate?.length ?? 0) > 0);
    const { gameInstance } = seenBob.gameUpdate?.at(-1) as {
      gameInstance: Record<string, unknown>;
    };
    expect(gameInstance).toMatchObject({
      gameID,
      password: PRIVATE_GAME_MARK,
      createdAt: expect.stringMatching(ISO),
    });
    expect(JSON.stringify(seenBob.gameUpdate)).not.toContain('hunter22');
    expect(notInRoom.gameUpdate).toBeUndefined();
  });
});
