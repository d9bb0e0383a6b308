import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

// The original client keeps one socket for the whole visit: a short network cut, or the reconnect
// that shows a new session cookie (socket/identity.ts), must not lose any event, nor give one twice.

const running = useTestServer({ rateLimits: { messages: { max: 1_000_000, windowMs: 1000 } } });
const { mutate, signUp, open, browser } = socketClients(running);

const PASSWORD = 'password123';
let other: string;
let counter = 0;
const uniqueName = (prefix: string) => `${prefix}_${++counter}`;

beforeAll(async () => {
  other = await signUp('other_r');
});

/** The global messages a socket heard, by text, in the order they came. */
const heard = (seen: Record<string, unknown[]>) =>
  (seen.messageUpdate ?? []).map((update) => (update as { msg: { msg: string } }).msg.msg);

/** Sends `texts` one after another as the other user. */
async function send(texts: string[]) {
  for (const msg of texts) await mutate('message.send', { msg }, other);
}

const texts = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => `${prefix} ${n}`);

/** Resolves at the socket's next connect after a disconnect. */
const reconnected = (socket: Socket) =>
  new Promise<void>((resolve) => socket.once('disconnect', () => socket.once('connect', resolve)));

/**
 * Cuts the socket's connection (its engine's transport closes under the client) and keeps it away
 * while `meanwhile` runs, then lets it reconnect as socket.io-client does on its own.
 */
async function cutDuring(socket: Socket, meanwhile: () => Promise<void>) {
  socket.io.reconnection(false);
  const engineId = socket.io.engine.id;
  const cut = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  socket.io.engine.close();
  await cut;
  // The server has seen the cut too: engine.io no longer knows the connection's id.
  const known = async () => {
    const res = await fetch(`${running.url}/socket.io/?EIO=4&transport=polling&sid=${engineId}`);
    return ((await res.json()) as { code: number }).code !== 1;
  };
  await expect.poll(known, { interval: 20, timeout: 5000 }).toBe(false);
  await meanwhile();
  const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.io.reconnection(true);
  socket.connect();
  await back;
}

/** A signed-in browser whose socket is on websocket, and what the socket hears. */
async function signedInOnWebSocket() {
  const client = browser();
  const username = uniqueName('rita');
  await client.rest.post('/user/signup', { username, password: PASSWORD });
  const socket = await client.socket({ reconnection: true });
  await until(() => socket.io.engine.transport.name === 'websocket');
  return { client, username, socket, seen: record(socket) };
}

describe('a socket whose connection is cut for a moment', () => {
  it('hears every event sent meanwhile once it is back, each once and in order', async () => {
    const { socket, seen } = await signedInOnWebSocket();
    const before = texts('before the cut', 3);
    await send(before);
    await until(() => heard(seen).length === before.length);
    const during = texts('during the cut', 10);
    await cutDuring(socket, () => send(during));
    const after = texts('after the cut', 3);
    await send(after);
    await until(() => heard(seen).length >= before.length + during.length + after.length);
    await roundTrip(socket);
    expect(heard(seen)).toEqual([...before, ...during, ...after]);
  });

  it('hears the messages of the chats it had joined, and the new chats of its user', async () => {
    const { username, socket, seen } = await signedInOnWebSocket();
    const { data } = await mutate<{ chat: { id: number } }>('chat.create', { username }, other);
    const chatId = data.chat.id;
    await join(socket, 'joinChat', chatId);
    // The other side of the chat has it open too: once it hears a message, so could the cut socket.
    const otherSocket = await open(other);
    const otherSeen = record(otherSocket);
    await join(otherSocket, 'joinChat', chatId);
    const third = await signUp(uniqueName('tess'));
    let newChat = 0;
    await cutDuring(socket, async () => {
      await mutate('chat.send', { chatId, msg: 'while you were away' }, other);
      await until(() => !!otherSeen.chatUpdate);
      const created = await mutate<{ chat: { id: number } }>('chat.create', { username }, third);
      newChat = created.data.chat.id;
    });
    await mutate('chat.send', { chatId, msg: 'welcome back' }, other);
    const updates = () =>
      (seen.chatUpdate ?? []) as { type: string; chat: { _id: string; messages: unknown[] } }[];
    const messages = () => updates().filter((update) => update.type === 'newMessage');
    await until(() => messages().length === 2);
    expect(JSON.stringify(messages()[0])).toContain('while you were away');
    expect(updates().filter((update) => update.chat._id === String(newChat))).toMatchObject([
      { type: 'created' },
    ]);
  });
});

describe('a CollabCode player whose socket is cut for a moment', () => {
  it('gets the code written meanwhile on its return; a watcher cut alike does not', async () => {
    const { data: problem } = await mutate<{ problem: { id: number } }>(
      'problem.create',
      {
        title: 'Add two numbers',
        problemText: 'Write add(a, b) that returns the sum of two numbers.',
        functionSignature: 'function add(a, b) {\n}',
        testCases: [{ testCode: 'assert(add(1, 2), 3)', hidden: false }],
        suggestedSolution: 'function add(a, b) {\n  return a + b;\n}',
      },
      other,
    );
    const { data } = await mutate<{ game: { id: string } }>(
      'game.createCollabCode',
      {
        seatCreator: false,
        title: 'Cut short',
        isPrivate: false,
        problemId: problem.problem.id,
        playerLimit: 3,
        timeLimit: 30,
      },
      other,
    );
    const gameID = data.game.id;
    await mutate('game.join', { id: gameID }, other);
    const player = await signedInOnWebSocket();
    await player.client.rest.post('/games/join', { gameID, playerID: player.username });
    const watcher = await signedInOnWebSocket();
    const writer = await open(other);
    const writerSeen = record(writer);
    for (const socket of [player.socket, watcher.socket, writer])
      await join(socket, 'joinGame', gameID);
    const code = 'function add(a, b) {\n  return b + a;\n}';
    const codeOf = (seen: Record<string, unknown[]>) =>
      (seen.gameUpdate ?? []).map(
        (update) =>
          (update as { gameInstance: { state: { currentCode?: string } } }).gameInstance.state
            .currentCode,
      );
    const cuts = [player, watcher].map(({ socket }) =>
      cutDuring(socket, async () => {
        await until(() => codeOf(writerSeen).includes(code));
      }),
    );
    await mutate('game.setCode', { id: gameID, code }, other);
    await Promise.all(cuts);
    await until(() => codeOf(player.seen).includes(code));
    await roundTrip(watcher.socket);
    expect(codeOf(watcher.seen)).toEqual([]);
  });
});

describe('a socket cut while its browser signs out', () => {
  it('comes back signed out, without the events of the chats it was in', async () => {
    const { client, username, socket, seen } = await signedInOnWebSocket();
    const { data } = await mutate<{ chat: { id: number } }>('chat.create', { username }, other);
    const chatId = data.chat.id;
    await join(socket, 'joinChat', chatId);
    const otherSocket = await open(other);
    const otherSeen = record(otherSocket);
    await join(otherSocket, 'joinChat', chatId);
    await cutDuring(socket, async () => {
      expect((await client.rest.post('/user/logout', {})).status).toBe(200);
      await mutate('chat.send', { chatId, msg: 'for the signed-in user only' }, other);
      await until(() => !!otherSeen.chatUpdate);
    });
    // A public event after it is back arrives: the chat's message would have come before it.
    const { data: asked } = await mutate<{ question: { id: number } }>(
      'question.create',
      { title: 'Are you back?', text: 'A public question after the return.', tags: ['net'] },
      other,
    );
    await until(() =>
      (seen.questionUpdate ?? []).some(
        (question) => (question as { _id: string })._id === String(asked.question.id),
      ),
    );
    await roundTrip(socket);
    const messages = (seen.chatUpdate ?? []).filter(
      (update) => (update as { type: string }).type === 'newMessage',
    );
    expect(messages).toEqual([]);
  });
});

describe('a socket whose browser signs in while events are being sent', () => {
  /**
   * Sends global messages while `act` runs and `count` more after it has finished: answers those,
   * which the socket must hear (the ones sent before may not be for it).
   */
  async function sendDuring(count: number, act: () => Promise<void>) {
    let done = false;
    let sent = 0;
    const afterwards: string[] = [];
    const prefix = `message ${++counter}`;
    const sending = (async () => {
      while (afterwards.length < count) {
        const msg = `${prefix} ${sent}`;
        if (done) afterwards.push(msg);
        await mutate('message.send', { msg }, other);
        sent++;
      }
    })();
    await until(() => sent >= 3);
    await act();
    done = true;
    await sending;
    return afterwards;
  }

  it('on polling, signed out until then: hears every one sent after the sign-in, each once', async () => {
    const client = browser();
    const socket = await client.socket({ reconnection: true });
    const seen = record(socket);
    const username = uniqueName('sina');
    const afterwards = await sendDuring(10, async () => {
      const signedUp = await client.rest.post('/user/signup', { username, password: PASSWORD });
      expect(signedUp.status).toBe(200);
    });
    await until(() => afterwards.every((msg) => heard(seen).includes(msg)));
    await roundTrip(socket);
    for (const msg of afterwards)
      expect(heard(seen).filter((text) => text === msg)).toHaveLength(1);
  });

  it('on websocket, as another user: hears every one sent after the sign-in, each once', async () => {
    const { client, socket, seen } = await signedInOnWebSocket();
    const next = uniqueName('nico');
    await signUp(next);
    const afterwards = await sendDuring(10, async () => {
      const login = await client.rest.post('/user/login', { username: next, password: PASSWORD });
      expect(login.status).toBe(200);
    });
    await until(() => afterwards.every((msg) => heard(seen).includes(msg)));
    await roundTrip(socket);
    for (const msg of afterwards)
      expect(heard(seen).filter((text) => text === msg)).toHaveLength(1);
  });

  it('on websocket, signing out: hears the public events sent meanwhile, and no signed-in one', async () => {
    const { client, socket, seen } = await signedInOnWebSocket();
    const back = reconnected(socket);
    expect((await client.rest.post('/user/logout', {})).status).toBe(200);
    const questions: number[] = [];
    for (let n = 0; n < 5; n++) {
      await mutate('message.send', { msg: `signed-in only ${n}` }, other);
      const { data } = await mutate<{ question: { id: number } }>(
        'question.create',
        { title: `Asked while away ${n}`, text: 'Does the socket hear this?', tags: ['net'] },
        other,
      );
      questions.push(data.question.id);
    }
    await back;
    const asked = () =>
      (seen.questionUpdate ?? []).map((question) => Number((question as { _id: string })._id));
    await until(() => questions.every((qid) => asked().includes(qid)));
    await roundTrip(socket);
    expect(asked().filter((qid) => questions.includes(qid))).toEqual(questions);
    expect(heard(seen).filter((text) => text.startsWith('signed-in only'))).toEqual([]);
  });
});
