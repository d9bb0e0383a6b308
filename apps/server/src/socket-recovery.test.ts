import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { join, record, roundTrip, socketClients, until } from './socket-test-clients';
import { useTestServer } from './test-server';

// The original client keeps one socket for the whole visit: a short network cut, or the reconnect
// that shows a new session cookie (socket/identity.ts), must not lose any event, nor give one twice.

const running = useTestServer({ rateLimits: { messages: { max: 1_000_000, windowMs: 1000 } } });
const { mutate, signUp, browser } = socketClients(running);

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

    const back = reconnected(socket);
    // The network goes: the engine's transport closes under the client, which reconnects.
    socket.io.engine.close();
    const during = texts('during the cut', 10);
    await send(during);
    await back;
    const after = texts('after the cut', 3);
    await send(after);
    await until(() => heard(seen).length >= before.length + during.length + after.length);
    await roundTrip(socket);
    expect(heard(seen)).toEqual([...before, ...during, ...after]);
  });

  it('keeps the chat rooms it had joined', async () => {
    const { username, socket, seen } = await signedInOnWebSocket();
    const { data } = await mutate<{ chat: { id: number } }>('chat.create', { username }, other);
    const chatId = data.chat.id;
    await join(socket, 'joinChat', chatId);

    const back = reconnected(socket);
    socket.io.engine.close();
    await mutate('chat.send', { chatId, msg: 'while you were away' }, other);
    await back;
    await mutate('chat.send', { chatId, msg: 'welcome back' }, other);
    const messages = () =>
      (seen.chatUpdate ?? []).filter(
        (update) => (update as { type: string }).type === 'newMessage',
      );
    await until(() => messages().length === 2);
    expect(JSON.stringify(messages()[0])).toContain('while you were away');
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
