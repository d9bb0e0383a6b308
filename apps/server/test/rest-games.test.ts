import { codeText } from '@app/api';
import { gameMessages, problemMessages } from '@app/validators';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefusal,
  ISO,
  record,
  RestClient,
  settle,
  signedUp,
  until,
} from './support/rest-test-client';
import { useTestServer } from './support/test-server';

// The original client's /games and /testCode paths (SPEC §7) against the real server.

const running = useTestServer();
const url = () => running.url;
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function openSocket(client: RestClient): Promise<Socket> {
  const socket = await client.socket();
  sockets.push(socket);
  return socket;
}

const ADD_PROBLEM = {
  title: 'Add two numbers',
  problemText: 'Write add(a, b) that returns the sum.',
  functionSignature: 'function add(a, b) {\n}',
  testCases: [
    { testCode: 'assert(add(1, 2), 3)', hidden: false },
    { testCode: 'assert(add(20, 22), 42)', hidden: true },
  ],
  suggestedSolution: 'function add(a, b) {\n  return a + b;\n}',
};

let ann: RestClient;
let ben: RestClient;
let cat: RestClient;
let problemId: string;

beforeAll(async () => {
  [ann, ben, cat] = await Promise.all([
    signedUp(url, 'g_ann'),
    signedUp(url, 'g_ben'),
    signedUp(url, 'g_cat'),
  ]);
  const problem = await ann.post('/problem/createProblem', { ...ADD_PROBLEM, postedBy: 'g_ann' });
  expect(problem.status).toBe(200);
  problemId = problem.json._id;
});

describe('/games/create', () => {
  it("creates a Nim game from an old client's {gameType: 'Nim'} alone, and answers its gameID", async () => {
    const res = await ann.post('/games/create', { gameType: 'Nim' });
    expect(res.status).toBe(200);
    expect(typeof res.json).toBe('string');
    const list = await ann.get('/games/games?gameType=Nim');
    const game = list.json.find((g: { gameID: string }) => g.gameID === res.json);
    expect(game).toEqual({
      gameID: res.json,
      title: gameMessages.nimTitle,
      gameType: 'Nim',
      players: [],
      createdAt: expect.stringMatching(ISO),
      state: {
        status: 'WAITING_TO_START',
        player1: null,
        player2: null,
        moves: [],
        remainingObjects: 21,
        winners: [],
      },
    });
  });

  it('creates CollabCode with the form defaults (4 players, 60 minutes) and the problem', async () => {
    const res = await ann.post('/games/create', {
      gameType: 'CollabCode',
      initialGameState: {
        title: 'Pair on add',
        currentCode: 'ignored: the document starts as the signature',
        problemID: problemId,
        password: '',
      },
    });
    expect(res.status).toBe(200);
    const game = (await ann.get('/games/games?gameType=CollabCode')).json.find(
      (g: { gameID: string }) => g.gameID === res.json,
    );
    expect(game).toMatchObject({
      title: 'Pair on add',
      gameType: 'CollabCode',
      players: [],
      state: {
        status: 'WAITING_TO_START',
        players: [],
        playerLimit: 4,
        timeLimit: 60,
        startTime: null,
        problemID: problemId,
        winners: [],
      },
    });
    expect(game).not.toHaveProperty('password');
  });

  it('refuses what cannot be understood with a sentence (400), signed-out callers (401), unknown problems (404)', async () => {
    expectRefusal(
      await ann.post('/games/create', { gameType: 'Chess' }),
      400,
      gameMessages.unknownGameType,
    );
    expectRefusal(await ann.post('/games/create', {}), 400, gameMessages.unknownGameType);
    expectRefusal(
      await ann.post('/games/create', { gameType: 'Nim', initialGameState: { title: 'Nim' } }),
      400,
      gameMessages.titleTooShort,
    );
    expectRefusal(
      await ann.post('/games/create', { gameType: 'Nim', initialGameState: { password: 'ab' } }),
      400,
      gameMessages.passwordTooShort,
    );
    expectRefusal(
      await ann.post('/games/create', { gameType: 'CollabCode', initialGameState: {} }),
      400,
      gameMessages.selectProblem,
    );
    expectRefusal(
      await ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { problemID: problemId, timeLimit: '3' },
      }),
      400,
      gameMessages.minTime,
    );
    expectRefusal(
      await ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { problemID: problemId, playerLimit: 'many' },
      }),
      400,
      gameMessages.playerLimitNotNumber,
    );
    expectRefusal(
      await ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { problemID: '999999' },
      }),
      404,
    );
    expectRefusal(await new RestClient(url).post('/games/create', { gameType: 'Nim' }), 401);
  });
});

describe('/games/games', () => {
  it('filters by gameType and status (both optional); 400 for an unknown one, 401 signed out', async () => {
    const all = await ben.get('/games/games');
    expect(all.status).toBe(200);
    expect(all.json.length).toBeGreaterThanOrEqual(2);
    const nim = await ben.get('/games/games?gameType=Nim&status=WAITING_TO_START');
    expect(nim.json.length).toBeGreaterThan(0);
    expect(
      nim.json.every(
        (g: { gameType: string; state: { status: string } }) =>
          g.gameType === 'Nim' && g.state.status === 'WAITING_TO_START',
      ),
    ).toBe(true);
    expect((await ben.get('/games/games?status=OVER&gameType=')).json).toEqual([]);
    expectRefusal(await ben.get('/games/games?gameType=Chess'), 400, gameMessages.unknownGameType);
    expectRefusal(await ben.get('/games/games?status=PAUSED'), 400);
    expectRefusal(await new RestClient(url).get('/games/games'), 401);
  });
});

describe('/games/join and /games/leave', () => {
  it('seats yourself only and answers the game instance; leaving in progress forfeits', async () => {
    const gameID = (await ann.post('/games/create', { gameType: 'Nim' })).json as string;
    expectRefusal(await ben.post('/games/join', { gameID, playerID: 'g_ann' }), 403, /yourself/);
    expectRefusal(await new RestClient(url).post('/games/join', { gameID, playerID: 'x' }), 401);
    expectRefusal(
      await ben.post('/games/join', { gameID: 'no-such-game', playerID: 'g_ben' }),
      404,
    );
    expectRefusal(
      await ben.post('/games/join', { gameID: '../x', playerID: 'g_ben' }),
      400,
      gameMessages.invalidGameId,
    );
    expectRefusal(
      await ben.post('/games/join', { playerID: 'g_ben' }),
      400,
      gameMessages.invalidGameId,
    );
    const first = await ben.post('/games/join', { gameID, playerID: 'g_ben' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      gameID,
      players: ['g_ben'],
      state: { status: 'WAITING_TO_START', player1: 'g_ben', player2: null },
    });
    expectRefusal(
      await ben.post('/games/join', { gameID, playerID: 'g_ben' }),
      400,
      gameMessages.alreadyJoined,
    );
    const second = await cat.post('/games/join', { gameID, playerID: 'g_cat' });
    expect(second.json).toMatchObject({
      players: ['g_ben', 'g_cat'],
      state: { status: 'IN_PROGRESS', player1: 'g_ben', player2: 'g_cat' },
    });
    expectRefusal(await cat.post('/games/leave', { gameID, playerID: 'g_ben' }), 403);
    expectRefusal(
      await ann.post('/games/leave', { gameID, playerID: 'g_ann' }),
      403,
      gameMessages.notAPlayer,
    );
    const left = await cat.post('/games/leave', { gameID, playerID: 'g_cat' });
    expect(left.status).toBe(200);
    expect(left.json.state).toMatchObject({ status: 'OVER', winners: ['g_ben'] });
  });

  it("gives a CollabCode player the shared code as state.currentCode (the problem's signature)", async () => {
    const gameID = (
      await ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { title: 'Code together', problemID: Number(problemId) },
      })
    ).json as string;
    const joined = await ben.post('/games/join', { gameID, playerID: 'g_ben' });
    expect(joined.status).toBe(200);
    expect(joined.json.state).toMatchObject({
      status: 'IN_PROGRESS',
      players: ['g_ben'],
      startTime: expect.stringMatching(ISO),
      currentCode: ADD_PROBLEM.functionSignature,
    });
  });
});

describe('/games/create refuses a privacy it cannot honour', () => {
  it('refuses isPrivate without a password, and a password that is not text, creating no room', async () => {
    const lobby = async () => (await ann.get('/games/games')).json.length as number;
    const before = await lobby();
    for (const [initialGameState, sentence] of [
      [{ isPrivate: true }, gameMessages.passwordTooShort],
      [{ password: 1234 }, 'The password is not a valid string.'],
      [{ password: ['x'] }, 'The password is not a valid string.'],
    ] as const)
      expectRefusal(
        await ann.post('/games/create', { gameType: 'Nim', initialGameState }),
        400,
        sentence,
      );
    expect(await lobby()).toBe(before);
  });
});

describe('private games', () => {
  const secret = 'open-sesame';
  let gameID: string;

  beforeAll(async () => {
    const res = await ann.post('/games/create', {
      gameType: 'Nim',
      initialGameState: { title: 'Secret Nim', password: secret },
    });
    expect(res.status).toBe(200);
    gameID = res.json;
  });

  it('carry a password field that marks them private, never the password or its hash', async () => {
    const list = await ben.get('/games/games');
    const game = list.json.find((g: { gameID: string }) => g.gameID === gameID);
    expect(game.password).toBeTruthy();
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain('scrypt');
  });

  it('verify answers true or false; a right answer lets the next join in with {gameID, playerID}', async () => {
    const watcher = record(await openSocket(cat));
    await (sockets.at(-1) as Socket).timeout(5000).emitWithAck('joinGame', gameID);
    expectRefusal(
      await ben.post('/games/join', { gameID, playerID: 'g_ben' }),
      403,
      gameMessages.passwordRequired,
    );
    const wrong = await ben.post('/games/verify', { gameID, password: 'guess' });
    expect(wrong.status).toBe(200);
    expect(wrong.json).toBe(false);
    const right = await ben.post('/games/verify', { gameID, password: secret });
    expect(right.json).toBe(true);
    const joined = await ben.post('/games/join', { gameID, playerID: 'g_ben' });
    expect(joined.status).toBe(200);
    expect(joined.json.players).toEqual(['g_ben']);
    expect(joined.json.password).toBeTruthy();
    expect(joined.text).not.toContain(secret);
    // Ben's right answer is his own.
    expectRefusal(
      await cat.post('/games/join', { gameID, playerID: 'g_cat' }),
      403,
      gameMessages.passwordRequired,
    );
    await until(() => !!watcher.gameUpdate);
    expect(JSON.stringify(watcher.gameUpdate)).not.toContain(secret);
  });

  it('verify: 404 unknown game, 400 without a password, 401 signed out, 429 after too many wrong guesses', async () => {
    expectRefusal(await cat.post('/games/verify', { gameID: 'nope', password: 'x' }), 404);
    expectRefusal(await cat.post('/games/verify', { gameID }), 400, gameMessages.incorrectPassword);
    expectRefusal(await new RestClient(url).post('/games/verify', { gameID, password: 'x' }), 401);
    for (let i = 0; i < 5; i++)
      expect((await cat.post('/games/verify', { gameID, password: `guess${i}` })).json).toBe(false);
    expectRefusal(
      await cat.post('/games/verify', { gameID, password: secret }),
      429,
      gameMessages.tooManyPasswordAttempts,
    );
  });
});

describe('POST /testCode', () => {
  it("runs the game's tests; codeResults reach the room's players, not another game's room", async () => {
    const create = (title: string) =>
      ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { title, problemID: problemId },
      });
    const gameId = (await create('Test the code')).json as string;
    const otherGame = (await create('Another room')).json as string;
    for (const [client, name] of [
      [ann, 'g_ann'],
      [ben, 'g_ben'],
    ] as const)
      expect((await client.post('/games/join', { gameID: gameId, playerID: name })).status).toBe(
        200,
      );
    expect((await cat.post('/games/join', { gameID: otherGame, playerID: 'g_cat' })).status).toBe(
      200,
    );
    const benSocket = await openSocket(ben);
    const catSocket = await openSocket(cat);
    const inRoom = record(benSocket);
    const elsewhere = record(catSocket);
    await Promise.all([
      benSocket.timeout(5000).emitWithAck('joinGame', gameId),
      catSocket.timeout(5000).emitWithAck('joinGame', otherGame),
    ]);

    const failing = await ann.post('/testCode', {
      code: 'function add(a, b) {\n  return a - b;\n}',
      gameId,
      problemId,
    });
    expect(failing.status).toBe(200);
    expect(failing.json.results).toHaveLength(2);
    expect(failing.json.results[0]).toEqual({
      status: expect.not.stringMatching(/^OK$/),
      cpuTime: expect.any(Number),
      memoryUsage: expect.any(Number),
      errorMessage: expect.any(String),
    });
    // Players are not the problem's author: the hidden test's verdict only, the rest rounded.
    expect(failing.json.results[1]).toEqual({
      status: 'Wrong Answer',
      cpuTime: null,
      memoryUsage: null,
      errorMessage: problemMessages.hiddenTestFailed,
    });
    expect(failing.json.results[0].cpuTime % 1_000_000).toBe(0);
    expect(failing.json.results[0].memoryUsage % (64 * 1024)).toBe(0);
    await until(() => !!inRoom.codeResults);
    expect(inRoom.codeResults?.[0]).toEqual({ results: failing.json.results });

    const passing = await ann.post('/testCode', {
      code: ADD_PROBLEM.suggestedSolution,
      gameId,
      problemId,
    });
    expect(passing.json.results.map((r: { status: string }) => r.status)).toEqual(['OK', 'OK']);
    await until(() => (inRoom.codeResults?.length ?? 0) === 2);
    // Every test passed: the game is over and every player won.
    await until(() =>
      (inRoom.gameUpdate ?? []).some(
        (u) =>
          (u as { gameInstance: { state: { status: string } } }).gameInstance.state.status ===
          'OVER',
      ),
    );
    await settle();
    expect(elsewhere.codeResults).toBeUndefined();
  });

  it('refuses signed-out callers (401), non-players (403), unknown games (404), empty code (400)', async () => {
    const gameId = (
      await ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { title: 'Refusals room', problemID: problemId },
      })
    ).json as string;
    await ben.post('/games/join', { gameID: gameId, playerID: 'g_ben' });
    expectRefusal(await new RestClient(url).post('/testCode', { code: 'x', gameId }), 401);
    expectRefusal(
      await cat.post('/testCode', { code: 'x', gameId, problemId }),
      403,
      gameMessages.notAPlayer,
    );
    expectRefusal(await ben.post('/testCode', { code: 'x', gameId: 'nope', problemId }), 404);
    expectRefusal(
      await ben.post('/testCode', { code: '  ', gameId, problemId }),
      400,
      gameMessages.emptySolution,
    );
    expectRefusal(await ben.post('/testCode', 'not json'), 400);
  });

  it("refuses empty or missing code before it replaces the room's shared code", async () => {
    const gameId = (
      await ann.post('/games/create', {
        gameType: 'CollabCode',
        initialGameState: { title: 'Keep the code', problemID: problemId },
      })
    ).json as string;
    await ben.post('/games/join', { gameID: gameId, playerID: 'g_ben' });
    // A wrong solution: the game goes on after its run.
    const kept = 'function add(a, b) {\n  return a - b;\n}';
    expect((await ben.post('/testCode', { code: kept, gameId, problemId })).status).toBe(200);
    for (const code of ['', '  \n', undefined, 42])
      expectRefusal(
        await ben.post('/testCode', { code, gameId, problemId }),
        400,
        gameMessages.emptySolution,
      );
    const input = encodeURIComponent(JSON.stringify({ json: { id: gameId } }));
    const state = await ben.get(`/trpc/game.codeState?input=${input}`);
    expect(codeText(state.json.result.data.json.update)).toBe(kept);
  });
});

describe('/user with names that are REST path words', () => {
  it('reads the profile of users named getUsers or signup; a browser still gets the web app', async () => {
    const getUsers = await signedUp(url, 'getUsers');
    await signedUp(url, 'signup');
    for (const name of ['getUsers', 'signup']) {
      const res = await getUsers.get(`/user/getUser/${name}`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ username: name });
    }
    const page = await fetch(`${running.url}/user/getUsers`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('app shell');
    const profilePage = await fetch(`${running.url}/user/signup`, {
      headers: { accept: 'text/html' },
    });
    expect(await profilePage.text()).toContain('app shell');
  });
});
