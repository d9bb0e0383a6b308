import { io as connect, type Socket } from 'socket.io-client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from './test-server';

const running = useTestServer({ trustedOrigins: ['http://localhost:3000'] });
const sockets: Socket[] = [];

// Registered after the server's: runs before it stops.
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

/** A tRPC mutation over HTTP with the /trpc guard's headers; answers the procedure's result. */
async function mutate(path: string, input: unknown, cookie = '') {
  const res = await fetch(`${running.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: running.url, cookie },
    body: JSON.stringify(superjson.serialize(input)),
  });
  const body = (await res.json()) as { result?: { data: unknown } };
  if (!res.ok || !body.result) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { data: superjson.deserialize(body.result.data as never) as never, res };
}

async function signUp(username: string): Promise<string> {
  const { res } = await mutate('auth.signup', { username, password: 'password123' });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function open(cookie = '', origin?: string): Promise<Socket> {
  const socket = connect(running.url, {
    transports: ['polling', 'websocket'],
    extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Everything a socket receives, by event name. */
function record(socket: Socket) {
  const seen: Record<string, unknown[]> = {};
  socket.onAny((event: string, payload: unknown) => (seen[event] ??= []).push(payload));
  return seen;
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  alice = await signUp('alice_s');
  bob = await signUp('bob_s');
  carol = await signUp('carol_s');
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
    const anonymous = record(await open());
    await mutate('message.send', { msg: 'hello all' }, alice);
    await until(() => !!signedIn.messageUpdate);
    expect(signedIn.messageUpdate?.[0]).toMatchObject({
      msg: { msg: 'hello all', msgFrom: 'alice_s' },
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
    await settle();
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
    const bobNotJoined = record(await open(bob));
    const seenAlice = record(aliceSocket);
    const seenBob = record(bobSocket);
    const seenCarol = record(carolSocket);
    for (const socket of [aliceSocket, bobSocket, carolSocket]) socket.emit('joinChat', chatId);
    await settle();
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
    await settle();
    expect(seenCarol.chatUpdate).toBeUndefined();
    expect(bobNotJoined.chatUpdate).toBeUndefined();

    bobSocket.emit('leaveChat', chatId);
    await settle();
    await mutate('chat.send', { chatId, msg: 'again' }, alice);
    await until(() => seenAlice.chatUpdate?.length === 2);
    await settle();
    expect(seenBob.chatUpdate).toHaveLength(1);
  });
});

describe('Nim over socket.io', () => {
  it('plays a whole game between two sockets; refused moves change nothing', async () => {
    const { data } = await mutate(
      'game.createNim',
      { title: 'Socket Nim', isPrivate: false },
      alice,
    );
    const gameID = (data as { game: { id: string } }).game.id;
    await mutate('game.join', { id: gameID }, alice);
    await mutate('game.join', { id: gameID }, bob);
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);
    const outsider = record(await open(carol));
    const seenAlice = record(aliceSocket);
    const seenBob = record(bobSocket);
    aliceSocket.emit('joinGame', gameID);
    bobSocket.emit('joinGame', gameID);
    await settle();

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
    await settle();
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
});
