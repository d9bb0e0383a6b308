import { authMessages } from '@app/validators';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_COOKIE } from '../src/legacy/socket/identity';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

// SPEC §7's client opens its socket when the app starts, usually before the user signs in over
// REST, and keeps it: the socket's user follows the session cookie of the browser it belongs to.

// Every test here sends a lot of chat from one user: the message limit is out of the way.
const running = useTestServer({ rateLimits: { messages: { max: 1_000_000, windowMs: 1000 } } });
const { mutate, signUp, open, browser } = socketClients(running);

const PASSWORD = 'password123';
let other: string;
let counter = 0;
const uniqueName = (prefix: string) => `${prefix}_${++counter}`;

beforeAll(async () => {
  other = await signUp('witnessedi');
});

/** Sends global messages until the socket hears one (a sign-in shows on its next request). */
async function hearsMessages(seen: Record<string, unknown[]>) {
  const before = seen.messageUpdate?.length ?? 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    await mutate('message.send', { msg: `ping ${attempt}` }, other);
    try {
      await until(() => (seen.messageUpdate?.length ?? 0) > before, 250);
      return;
    } catch {
      // not yet
    }
  }
  throw new Error('the socket never heard messageUpdate');
}

/** A Nim game that `username` (player 1, first to move) and `other` have joined. */
async function nimGameWith(username: string, join: (gameID: string) => Promise<unknown>) {
  const { data } = await mutate<{ game: { id: string } }>(
    'game.createNim',
    { seatCreator: false, title: 'Identity Nim', isPrivate: false },
    other,
  );
  const gameID = data.game.id;
  await join(gameID);
  await mutate('game.join', { id: gameID }, other);
  return gameID;
}

/** joinGame, then a move as `playerID`: resolves with the gameUpdate or the gameError. */
async function move(
  socket: Socket,
  seen: Record<string, unknown[]>,
  gameID: string,
  playerID: string,
) {
  // Acknowledged once joined, or refused (signed out): either way, done before the move.
  await socket.emitWithAck('joinGame', gameID);
  const updates = seen.gameUpdate?.length ?? 0;
  const errors = seen.gameError?.length ?? 0;
  socket.emit('makeMove', { gameID, move: { playerID, gameID, move: { numObjects: 1 } } });
  await until(
    () => (seen.gameUpdate?.length ?? 0) > updates || (seen.gameError?.length ?? 0) > errors,
  );
  return {
    update: seen.gameUpdate?.[updates] as { gameInstance: { state: { moves: unknown[] } } },
    error: seen.gameError?.[errors],
  };
}

/** A direct chat of `other` with `username`, joined by the socket. */
async function joinedChat(socket: Socket, username: string) {
  const { data } = await mutate<{ chat: { id: number } }>('chat.create', { username }, other);
  await join(socket, 'joinChat', data.chat.id);
  return data.chat.id;
}

/**
 * A socket of `other`, in the given chats and game: once it has heard an event, the socket under
 * test would have heard it too (the bridge sends each event to all its sockets at once), so a round
 * trip on that socket is the barrier before checking that it did not.
 */
async function witness(chatIds: number[], gameID?: string) {
  const socket = await open(other);
  const seen = record(socket);
  for (const chatId of chatIds) await join(socket, 'joinChat', chatId);
  if (gameID) await join(socket, 'joinGame', gameID);
  return {
    seen,
    /** Waits until it has heard the chat message or global message with this text. */
    heard: (text: string) =>
      until(() => JSON.stringify([seen.chatUpdate, seen.messageUpdate]).includes(text)),
  };
}

/** The chatUpdates of new messages (a new chat reaches its participants wherever they are). */
const chatMessages = (seen: Record<string, unknown[]>) =>
  (seen.chatUpdate ?? []).filter((update) => (update as { type: string }).type === 'newMessage');

/**
 * Resolves at the socket's next connect after a disconnect (a reconnection), which must come soon:
 * the periodic session check (every 15 s) must not be what caused it.
 */
const reconnected = (socket: Socket, ms = 3000) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reconnection within ${ms} ms`)), ms);
    socket.once('disconnect', () =>
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });

describe('a socket opened signed out, whose polls carry the cookies', () => {
  for (const transports of [['polling'], ['polling', 'websocket']] as const) {
    it(`(${transports.join(' + ')}) follows sign-in and sign-out over REST, without reconnecting`, async () => {
      const client = browser();
      const socket = await client.socket({ transports: [...transports] });
      const seen = record(socket);
      const id = socket.id;
      let disconnects = 0;
      socket.on('disconnect', () => disconnects++);

      // A signed-in socket hears the message: then a round trip on this one, which must not have.
      const signedIn = record(await open(other));
      await mutate('message.send', { msg: 'nobody signed in yet' }, other);
      await until(() => !!signedIn.messageUpdate);
      await roundTrip(socket);
      expect(seen.messageUpdate).toBeUndefined();
      // Signed out, it stays on polling, where the sign-in will show.
      expect(socket.io.engine.transport.name).toBe('polling');

      const username = uniqueName('polly');
      const signedUp = await client.rest.post('/user/signup', { username, password: PASSWORD });
      expect(signedUp.status).toBe(200);
      await hearsMessages(seen);

      const gameID = await nimGameWith(username, (id) =>
        client.rest.post('/games/join', { gameID: id, playerID: username }),
      );
      const { update, error } = await move(socket, seen, gameID, username);
      expect(error).toBeUndefined();
      expect(update.gameInstance.state.moves).toHaveLength(1);

      const chatId = await joinedChat(socket, username);
      await mutate('chat.send', { chatId, msg: 'hello you' }, other);
      await until(() => chatMessages(seen).length > 0);

      expect(socket.id).toBe(id);
      expect(disconnects).toBe(0);

      // Logging out ends the signed-in events at once: chat, global chat, games.
      const witnessed = await witness([chatId], gameID);
      expect((await client.rest.post('/user/logout', {})).status).toBe(200);
      await mutate('chat.send', { chatId, msg: 'are you there?' }, other);
      await mutate('message.send', { msg: 'after the logout' }, other);
      await mutate('game.nimMove', { id: gameID, numObjects: 1 }, other);
      await witnessed.heard('are you there?');
      await witnessed.heard('after the logout');
      await until(() => (witnessed.seen.gameUpdate?.length ?? 0) > 0);
      await roundTrip(socket);
      expect(chatMessages(seen)).toHaveLength(1);
      expect(seen.messageUpdate?.map((update) => JSON.stringify(update)).join()).not.toContain(
        'after the logout',
      );
      expect(seen.gameUpdate).toHaveLength(1);
      expect(disconnects).toBe(0);
    });
  }
});

describe('a socket on websocket', () => {
  it('is upgraded when signed in, and reconnects to take another sign-in of its browser', async () => {
    const client = browser();
    const first = uniqueName('wendy');
    await client.rest.post('/user/signup', { username: first, password: PASSWORD });
    const second = uniqueName('walt');
    const secondCookie = await signUp(second);
    const socket = await client.socket({ reconnection: true });
    await until(() => socket.io.engine.transport.name === 'websocket');
    const seen = record(socket);
    await hearsMessages(seen);
    const firstChat = await joinedChat(socket, first);

    // The original client has no logout call: it signs the next user in over the same browser.
    const again = reconnected(socket);
    const login = await client.rest.post('/user/login', { username: second, password: PASSWORD });
    expect(login.status).toBe(200);
    await again;

    const gameID = await nimGameWith(second, (id) => mutate('game.join', { id }, secondCookie));
    const { update, error } = await move(socket, seen, gameID, second);
    expect(error).toBeUndefined();
    expect(update.gameInstance.state.moves).toHaveLength(1);
    await hearsMessages(seen);

    // The first user's chat room was left with the first user.
    const secondChat = await joinedChat(socket, second);
    const witnessed = await witness([firstChat]);
    await mutate('chat.send', { chatId: firstChat, msg: 'for the first user' }, other);
    await mutate('chat.send', { chatId: secondChat, msg: 'for the second user' }, other);
    await until(() => chatMessages(seen).length > 0);
    await witnessed.heard('for the first user');
    await roundTrip(socket);
    expect(chatMessages(seen)).toHaveLength(1);
    expect(JSON.stringify(chatMessages(seen))).toContain('for the second user');
  });

  it('reconnects signed out after a logout: no more chat or global chat events', async () => {
    const client = browser();
    const username = uniqueName('logan');
    await client.rest.post('/user/signup', { username, password: PASSWORD });
    const socket = await client.socket({ reconnection: true });
    await until(() => socket.io.engine.transport.name === 'websocket');
    const seen = record(socket);
    const chatId = await joinedChat(socket, username);

    const witnessed = await witness([chatId]);
    const again = reconnected(socket);
    expect((await client.rest.post('/user/logout', {})).status).toBe(200);
    await again;
    await mutate('chat.send', { chatId, msg: 'gone?' }, other);
    await mutate('message.send', { msg: 'after logan left' }, other);
    await witnessed.heard('gone?');
    await witnessed.heard('after logan left');
    await roundTrip(socket);
    expect(chatMessages(seen)).toEqual([]);
    expect(JSON.stringify(seen.messageUpdate ?? [])).not.toContain('after logan left');
    expect(await socket.emitWithAck('joinChat', chatId)).toEqual({
      ok: false,
      error: authMessages.notSignedIn,
    });
    await mutate('chat.send', { chatId, msg: 'still gone?' }, other);
    await witnessed.heard('still gone?');
    await roundTrip(socket);
    expect(chatMessages(seen)).toEqual([]);
  });

  it('stops chat events at once when its session ends elsewhere, and signs out at its next call', async () => {
    const client = browser();
    const username = uniqueName('resa');
    await client.rest.post('/user/signup', { username, password: PASSWORD });
    const socket = await client.socket({ reconnection: true });
    await until(() => socket.io.engine.transport.name === 'websocket');
    const seen = record(socket);
    const chatId = await joinedChat(socket, username);
    const gameID = await nimGameWith(username, (id) =>
      client.rest.post('/games/join', { gameID: id, playerID: username }),
    );

    // The same user elsewhere resets the password: every other session of theirs ends.
    const elsewhere = browser();
    await elsewhere.rest.post('/user/login', { username, password: PASSWORD });
    const reset = await elsewhere.rest.call('PATCH', '/user/resetPassword', {
      username,
      password: 'another-password-1',
    });
    expect(reset.status).toBe(200);

    const witnessed = await witness([chatId]);
    await mutate('chat.send', { chatId, msg: 'private' }, other);
    await witnessed.heard('private');
    await roundTrip(socket);
    expect(chatMessages(seen)).toEqual([]);
    // Its next call is refused, which signs it out; a websocket reconnects to show its cookie.
    const again = reconnected(socket);
    socket.emit('joinGame', gameID);
    await again;
    const { update, error } = await move(socket, seen, gameID, username);
    expect(update).toBeUndefined();
    expect(error).toEqual({ player: '', error: authMessages.notSignedIn });
    await mutate('message.send', { msg: 'after the reset' }, other);
    await witnessed.heard('after the reset');
    await roundTrip(socket);
    expect(JSON.stringify(seen.messageUpdate ?? [])).not.toContain('after the reset');
  });
});

describe('a cross-origin page without withCredentials (polls carry no cookies)', () => {
  it('is known by the cookie its websocket upgrade carries', async () => {
    const client = browser();
    const username = uniqueName('nora');
    await client.rest.post('/user/signup', { username, password: PASSWORD });
    const socket = await client.socket({ cookiesOnPolling: false });
    await until(() => socket.io.engine.transport.name === 'websocket');
    const seen = record(socket);
    await hearsMessages(seen);
    const gameID = await nimGameWith(username, (id) =>
      client.rest.post('/games/join', { gameID: id, playerID: username }),
    );
    const { error } = await move(socket, seen, gameID, username);
    expect(error).toBeUndefined();
  });

  it('opened signed out, reconnects after the sign-in to show its new cookie', async () => {
    const client = browser();
    const socket = await client.socket({ cookiesOnPolling: false, reconnection: true });
    // Nothing on polling could show a sign-in: it upgrades, and its upgrade shows the cookies.
    await until(() => socket.io.engine.transport.name === 'websocket');
    const seen = record(socket);
    const username = uniqueName('nils');
    const again = reconnected(socket);
    await client.rest.post('/user/signup', { username, password: PASSWORD });
    await again;
    await hearsMessages(seen);
    const chatId = await joinedChat(socket, username);
    await mutate('chat.send', { chatId, msg: 'hi nils' }, other);
    await until(() => chatMessages(seen).length > 0);
  });
});

describe('the browser key', () => {
  it('is given on the handshake as an HttpOnly cookie, and kept when the browser sends one', async () => {
    const handshake = (cookie?: string) =>
      fetch(`${running.url}/socket.io/?EIO=4&transport=polling`, {
        headers: cookie ? { cookie } : {},
      });
    const given = (await handshake()).headers.getSetCookie().join('\n');
    expect(given).toMatch(
      new RegExp(`^${BROWSER_COOKIE}=[\\w-]{24}; Path=/; HttpOnly; SameSite=Lax`),
    );
    const kept = await handshake(`${BROWSER_COOKIE}=${'k'.repeat(24)}`);
    expect(kept.headers.getSetCookie().join('\n')).not.toContain(BROWSER_COOKIE);
  });

  it('lets nobody else act as the browser: a copied key only makes its own socket re-read', async () => {
    const victim = browser();
    const username = uniqueName('vic');
    const attacker = browser();
    attacker.rest.cookies.set(BROWSER_COOKIE, victim.rest.cookies.get(BROWSER_COOKIE) ?? '');
    const socket = await attacker.socket({ reconnection: true });
    const seen = record(socket);
    await victim.rest.post('/user/signup', { username, password: PASSWORD });
    // Its next request shows its own cookies (a round trip sends one).
    await roundTrip(socket);
    const witnessed = await witness([]);
    await mutate('message.send', { msg: 'signed-in only' }, other);
    await witnessed.heard('signed-in only');
    await roundTrip(socket);
    expect(seen.messageUpdate).toBeUndefined();
    const anonymous = await open();
    expect(anonymous.connected).toBe(true);
  });
});
