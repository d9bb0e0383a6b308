import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, newUser, uniqueName, uniqueTag } from '../support/browser';

// The original client (SPEC §7) as it talks to the server: a page on ANOTHER origin (the fixture
// server, one of the server's CLIENT_ORIGINS) calling the REST paths with axios and
// `withCredentials: true`, and hearing socket.io events. The page's window.legacy does the calls;
// this test drives it the way the client's screens would.

interface CallAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

interface LegacyApi {
  server: string;
  call(method: string, path: string, data?: unknown): Promise<CallAnswer>;
  connect(): Promise<string>;
  emit(event: string, payload: unknown): void;
  emitWithAck(event: string, payload: unknown): Promise<{ ok: boolean; error?: string }>;
  received(event: string): unknown[];
  transport(): string | null;
}

declare global {
  interface Window {
    legacy: LegacyApi;
  }
}

/** One user of the original client: their own browser context on the fixture page. */
class LegacyUser {
  constructor(
    readonly page: Page,
    readonly username: string,
  ) {}

  call(method: string, path: string, data?: unknown): Promise<CallAnswer> {
    return this.page.evaluate((args) => window.legacy.call(args.method, args.path, args.data), {
      method,
      path,
      data,
    });
  }

  /** A call that must succeed (200): its data. */
  async ok(method: string, path: string, data?: unknown) {
    const answer = await this.call(method, path, data);
    expect(answer, `${method} ${path}`).toMatchObject({ status: 200 });
    return answer.data;
  }

  connect(): Promise<string> {
    return this.page.evaluate(() => window.legacy.connect());
  }

  emit(event: string, payload: unknown): Promise<void> {
    return this.page.evaluate((args) => window.legacy.emit(args.event, args.payload), {
      event,
      payload,
    });
  }

  /** joinChat or joinGame, acknowledged: resolves once the socket is in the room. */
  async join(event: 'joinChat' | 'joinGame', id: string): Promise<void> {
    const reply = await this.page.evaluate(
      (args) => window.legacy.emitWithAck(args.event, args.id),
      { event, id },
    );
    expect(reply, `${this.username} ${event} ${id}`).toEqual({ ok: true });
  }

  received<T>(event: string): Promise<T[]> {
    return this.page.evaluate((name) => window.legacy.received(name), event) as Promise<T[]>;
  }

  /** Waits for a received `event` whose payload passes `check`, and answers that payload. */
  async waitFor<T>(event: string, check: (payload: T) => boolean = () => true, ms = 10_000) {
    const end = Date.now() + ms;
    for (;;) {
      const found = (await this.received<T>(event)).find(check);
      if (found !== undefined) return found;
      if (Date.now() > end)
        throw new Error(`${this.username} did not receive the expected ${event} within ${ms} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The fixture page in a fresh browser context, not signed in, its socket not opened yet. */
async function legacyPage(prefix: string): Promise<LegacyUser> {
  const origin = inject('legacyClientOrigin');
  const page = await newUser(browser, undefined, origin);
  await page.goto(`/?server=${encodeURIComponent(baseURL())}`);
  await page.waitForFunction(() => typeof window.legacy === 'object');
  return new LegacyUser(page, uniqueName(prefix));
}

/** Opens the fixture page in a fresh context, signs up through /user/signup, opens the socket. */
async function legacyUser(prefix: string): Promise<LegacyUser> {
  const user = await legacyPage(prefix);
  const signedUp = await user.ok('POST', '/user/signup', {
    username: user.username,
    password: 'password123',
  });
  expect(signedUp).toEqual({
    username: user.username,
    biography: '',
    dateJoined: expect.any(String),
  });
  // Signed in, as the client is once its user has logged in: the socket carries the session.
  await user.connect();
  return user;
}

interface GameInstance {
  gameID: string;
  players: string[];
  state: {
    status: string;
    player1: string | null;
    player2: string | null;
    moves: unknown[];
    remainingObjects: number;
    winners: string[];
  };
}

describe('the original client, from another origin (axios + socket.io-client)', () => {
  let ann: LegacyUser;
  let bob: LegacyUser;

  beforeAll(async () => {
    ann = await legacyUser('ann');
    bob = await legacyUser('bob');
  });

  it('is served from another origin that the server allows, with its session cookie', async () => {
    const pageOrigin = new URL(ann.page.url()).origin;
    expect(pageOrigin).toBe(inject('legacyClientOrigin'));
    expect(pageOrigin).not.toBe(new URL(baseURL()).origin);
    // The session set by /user/signup is sent back on the next calls.
    const users = await ann.ok('GET', '/user/getUsers');
    expect(users.map((user: { username: string }) => user.username)).toEqual(
      expect.arrayContaining([ann.username, bob.username]),
    );
    // A refusal is a status and a sentence the client can show.
    const refused = await ann.call('PATCH', '/user/updateBiography', {
      username: bob.username,
      biography: 'not mine',
    });
    expect(refused).toEqual({ status: 403, data: expect.stringMatching(/yourself/) });
  });

  it('asks, answers and votes, with questionUpdate, answerUpdate, viewsUpdate and voteUpdate', async () => {
    const tag = uniqueTag('legacy');
    const word = `legacyword${Date.now().toString(36)}`;
    const title = 'Asked by the original client';
    const question = await ann.ok('POST', '/question/addQuestion', {
      title,
      text: `Asked from the original client: ${word}.`,
      tags: [{ name: tag, description: 'user added tag' }],
      askedBy: ann.username,
      askDateTime: new Date().toISOString(),
      answers: [],
      upVotes: [],
      downVotes: [],
      views: [],
      comments: [],
    });
    const qid: string = question._id;
    expect(question).toMatchObject({ title, askedBy: ann.username, tags: [{ name: tag }] });
    await bob.waitFor<{ _id: string }>('questionUpdate', (q) => q._id === qid);

    const list = await bob.ok('GET', `/question/getQuestion?order=newest&search=${word}`);
    expect(list.map((q: { _id: string }) => q._id)).toEqual([qid]);
    const viewed = await bob.ok('GET', `/question/getQuestionById/${qid}?username=${bob.username}`);
    expect(viewed.views).toHaveLength(1);
    await ann.waitFor<{ _id: string; views: unknown[] }>(
      'viewsUpdate',
      (q) => q._id === qid && q.views.length === 1,
    );

    const answer = await bob.ok('POST', '/answer/addAnswer', {
      qid,
      ans: {
        text: 'Answered from the original client.',
        ansBy: bob.username,
        ansDateTime: new Date().toISOString(),
        comments: [],
      },
    });
    expect(answer).toMatchObject({ _id: expect.any(String), ansBy: bob.username });
    const answered = await ann.waitFor<{ qid: string; answer: { _id: string } }>(
      'answerUpdate',
      (update) => update.qid === qid,
    );
    expect(answered.answer._id).toBe(answer._id);

    const vote = await bob.ok('POST', '/question/upvoteQuestion', { qid, username: bob.username });
    expect(vote).toEqual({ msg: expect.any(String), upVotes: [bob.username], downVotes: [] });
    const heard = await ann.waitFor<{ qid: string }>('voteUpdate', (update) => update.qid === qid);
    expect(heard).toEqual({ qid, upVotes: [bob.username], downVotes: [] });
  });

  it('chats: a global message (messageUpdate) and a direct chat (chatUpdate)', async () => {
    const text = `Hello everyone ${Date.now().toString(36)}`;
    const sent = await bob.ok('POST', '/messaging/addMessage', {
      messageToAdd: { msg: text, msgFrom: bob.username, msgDateTime: new Date().toISOString() },
    });
    expect(sent).toMatchObject({ msg: text, msgFrom: bob.username });
    const global = await ann.waitFor<{ msg: { msg: string; msgFrom: string } }>(
      'messageUpdate',
      (update) => update.msg.msg === text,
    );
    expect(global.msg.msgFrom).toBe(bob.username);
    const messages = await ann.ok('GET', '/messaging/getMessages');
    expect(messages.at(-1)).toMatchObject({ msg: text, msgFrom: bob.username });

    const chat = await ann.ok('POST', '/chat/createChat', {
      participants: [ann.username, bob.username],
      messages: [],
    });
    expect(chat).toMatchObject({ participants: [ann.username, bob.username], messages: [] });
    const chatId: string = chat._id;
    await Promise.all([ann.join('joinChat', chatId), bob.join('joinChat', chatId)]);
    const direct = `Just for you ${Date.now().toString(36)}`;
    const updated = await bob.ok('POST', `/chat/${chatId}/addMessage`, {
      msg: direct,
      msgFrom: bob.username,
      msgDateTime: new Date().toISOString(),
    });
    expect(updated.messages.at(-1)).toMatchObject({ msg: direct, msgFrom: bob.username });
    for (const user of [ann, bob]) {
      const update = await user.waitFor<{
        chat: { _id: string; messages: { msg: string }[] };
        type: string;
      }>('chatUpdate', (u) => u.chat._id === chatId && u.type === 'newMessage');
      expect(update.chat.messages.map((m) => m.msg)).toContain(direct);
    }
    const chats = await bob.ok('GET', `/chat/getChatsByUser/${bob.username}`);
    expect(chats.map((c: { _id: string }) => c._id)).toContain(chatId);
  });

  it('plays a whole Nim game between two sockets: create, join, makeMove until a winner', async () => {
    const gameID: string = await ann.ok('POST', '/games/create', {
      gameType: 'Nim',
      initialGameState: { title: 'Legacy Nim', password: '' },
    });
    expect(typeof gameID).toBe('string');
    const lobby = await bob.ok('GET', '/games/games?gameType=Nim&status=WAITING_TO_START');
    expect(lobby.map((g: GameInstance) => g.gameID)).toContain(gameID);

    await Promise.all([ann.join('joinGame', gameID), bob.join('joinGame', gameID)]);
    const first: GameInstance = await ann.ok('POST', '/games/join', {
      gameID,
      playerID: ann.username,
    });
    expect(first.state).toMatchObject({ status: 'WAITING_TO_START', player1: ann.username });
    const started: GameInstance = await bob.ok('POST', '/games/join', {
      gameID,
      playerID: bob.username,
    });
    expect(started.state).toMatchObject({
      status: 'IN_PROGRESS',
      player1: ann.username,
      player2: bob.username,
      remainingObjects: 21,
    });
    for (const user of [ann, bob])
      await user.waitFor<{ gameInstance: GameInstance }>(
        'gameUpdate',
        (u) => u.gameInstance.gameID === gameID && u.gameInstance.state.status === 'IN_PROGRESS',
      );

    const makeMove = (user: LegacyUser, numObjects: number) =>
      user.emit('makeMove', {
        gameID,
        move: { playerID: user.username, gameID, move: { numObjects } },
      });

    // Out of turn: only the player concerned hears gameError, and nothing changes.
    await makeMove(bob, 1);
    const error = await bob.waitFor<{ player: string; error: string }>('gameError');
    expect(error).toEqual({ player: bob.username, error: 'It is not your turn' });

    let state = started.state;
    while (state.status !== 'OVER') {
      const mover = state.moves.length % 2 === 0 ? ann : bob;
      const count = state.moves.length + 1;
      await makeMove(mover, Math.min(3, state.remainingObjects));
      const seen = await Promise.all(
        [ann, bob].map((user) =>
          user.waitFor<{ gameInstance: GameInstance }>(
            'gameUpdate',
            (u) => u.gameInstance.gameID === gameID && u.gameInstance.state.moves.length === count,
          ),
        ),
      );
      expect(seen[0]).toEqual(seen[1]);
      state = seen[0]!.gameInstance.state;
    }
    // 21 objects, three at a time: Ann takes the last one on the 7th move and loses.
    expect(state).toMatchObject({ status: 'OVER', remainingObjects: 0, winners: [bob.username] });
    expect(state.moves).toHaveLength(7);
    expect(await ann.received('gameError')).toEqual([]);
    const over = await ann.ok('GET', '/games/games?gameType=Nim&status=OVER');
    expect(over.find((g: GameInstance) => g.gameID === gameID).state.winners).toEqual([
      bob.username,
    ]);
  });
});

describe('the original client, whose socket opens before its user signs in', () => {
  it('hears every event sent after the sign-in, each once', async () => {
    const sender = await legacyUser('sender');
    // As the client starts: the socket first, signed out; the user signs in later.
    const user = await legacyPage('late');
    await user.connect();
    const prefix = `while signing in ${Date.now().toString(36)}`;
    /**
     * Changes the sender's biography while `act` runs and five times after: answers those five.
     * Each change is a userUpdate, which signed-in sockets hear.
     */
    const sendAround = async (act: () => Promise<void>) => {
      let done = false;
      const afterwards: string[] = [];
      const sending = (async () => {
        for (let n = 0; afterwards.length < 5; n++) {
          const msg = `${prefix} ${n}`;
          if (done) afterwards.push(msg);
          await sender.ok('PATCH', '/user/updateBiography', {
            username: sender.username,
            biography: msg,
          });
        }
      })();
      await act();
      done = true;
      await sending;
      return afterwards;
    };
    const afterSignIn = await sendAround(async () => {
      await user.ok('POST', '/user/signup', { username: user.username, password: 'password123' });
    });
    const heard = async () =>
      (await user.received<{ user: { biography: string } }>('userUpdate')).map(
        (update) => update.user.biography,
      );
    await expect.poll(heard, { timeout: 10_000 }).toEqual(expect.arrayContaining(afterSignIn));

    for (const msg of afterSignIn)
      expect((await heard()).filter((text) => text === msg)).toHaveLength(1);
  });

  it('a socket on websocket that signs out hears the public events of its reconnection, each once', async () => {
    const sender = await legacyUser('asker');
    const user = await legacyUser('leaver');
    await expect.poll(() => user.page.evaluate(() => window.legacy.transport())).toBe('websocket');
    // The server closes the websocket for it to show the cleared cookie; it reconnects.
    await user.ok('POST', '/user/logout', {});
    const titles: string[] = [];
    for (let n = 0; n < 3; n++) {
      const title = `Asked while ${user.username} signed out ${n}`;
      titles.push(title);
      await sender.ok('POST', '/question/addQuestion', {
        title,
        text: 'Does the signed-out socket hear this?',
        tags: [{ name: uniqueTag('away'), description: 'user added tag' }],
        askedBy: sender.username,
        askDateTime: new Date().toISOString(),
        answers: [],
        upVotes: [],
        downVotes: [],
        views: [],
        comments: [],
      });
    }
    const asked = async () =>
      (await user.received<{ title: string }>('questionUpdate')).map((question) => question.title);
    await expect.poll(asked, { timeout: 10_000 }).toEqual(expect.arrayContaining(titles));
    for (const title of titles)
      expect((await asked()).filter((text) => text === title)).toHaveLength(1);
  });
});
