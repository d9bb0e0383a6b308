import { gameMessages } from '@app/validators';
import { codeText } from '@app/api';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { join, record, roundTrip, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

const running = useTestServer();
const { mutate, query, signUp, open } = socketClients(running);

const SIGNATURE = 'function add(a, b) {\n}';

interface GameUpdate {
  gameInstance: { gameID: string; players: string[]; state: Record<string, unknown> };
}
const codeOf = (update: unknown) =>
  (update as GameUpdate | undefined)?.gameInstance.state.currentCode;
const last = (seen: Record<string, unknown[]>, event: string) => seen[event]?.at(-1);

let alice: string;
let bob: string;
let carol: string;
let dave: string;
let problemId: number;

beforeAll(async () => {
  alice = await signUp('alice_c');
  bob = await signUp('bob_c');
  carol = await signUp('carol_c');
  dave = await signUp('dave_c');
  const { data } = await mutate<{ problem: { id: number } }>(
    'problem.create',
    {
      title: 'Add two numbers',
      problemText: 'Write add(a, b) that returns the sum of two numbers.',
      functionSignature: SIGNATURE,
      testCases: [
        { testCode: 'assert(add(1, 2), 3)', hidden: false },
        { testCode: 'assert(add(-1, 1), 0)', hidden: true },
      ],
      suggestedSolution: 'function add(a, b) {\n  return a + b;\n}',
    },
    alice,
  );
  problemId = data.problem.id;
});

/** A CollabCode game on the problem, joined by the given players through tRPC. */
async function collabGame(...players: string[]) {
  const { data } = await mutate<{ game: { id: string } }>(
    'game.createCollabCode',
    {
      seatCreator: false,
      title: 'Add together',
      isPrivate: false,
      problemId,
      playerLimit: 3,
      timeLimit: 30,
    },
    alice,
  );
  for (const player of players) await mutate('game.join', { id: data.game.id }, player);
  // One player alone starts the clock (issue 24: it waits for a second player otherwise).
  if (players.length === 1) await mutate('game.start', { id: data.game.id }, players[0]!);
  return data.game.id;
}

/** A socket of that user in the game's room (joinGame), and what it hears. */
async function inRoom(cookie: string, gameID: string) {
  const socket = await open(cookie);
  const seen = record(socket);
  await join(socket, 'joinGame', gameID);
  return { socket, seen };
}

const codeMove = (socket: Socket, gameID: string, playerID: string, updatedCode: string) =>
  socket.emit('makeMove', { gameID, move: { playerID, gameID, move: { updatedCode } } });

const serverText = async (gameID: string, cookie: string) =>
  codeText((await query<{ update: string }>('game.codeState', { id: gameID }, cookie)).update);

describe('CollabCode over socket.io', () => {
  it("a player's makeMove reaches the room's other players as gameUpdate with currentCode", async () => {
    const gameID = await collabGame(alice, bob);
    const a = await inRoom(alice, gameID);
    const b = await inRoom(bob, gameID);
    const watcher = await inRoom(carol, gameID);
    const bobElsewhereSocket = await open(bob);
    const bobElsewhere = record(bobElsewhereSocket);

    const code = 'function add(a, b) {\n  return a - b;\n}';
    codeMove(a.socket, gameID, 'alice_c', code);
    await until(() => codeOf(last(b.seen, 'gameUpdate')) === code);
    expect(last(b.seen, 'gameUpdate')).toMatchObject({
      gameInstance: {
        gameID,
        gameType: 'CollabCode',
        players: ['alice_c', 'bob_c'],
        state: {
          status: 'IN_PROGRESS',
          currentCode: code,
          problemID: String(problemId),
          playerLimit: 3,
          timeLimit: 30,
          players: ['alice_c', 'bob_c'],
        },
      },
    });
    expect(await serverText(gameID, bob)).toBe(code);
    await Promise.all([a.socket, watcher.socket, bobElsewhereSocket].map(roundTrip));
    // The mover has that text already: an echo would overwrite what it typed since.
    expect(a.seen.gameUpdate).toBeUndefined();
    // The document is the players' own; sockets outside the room hear nothing.
    expect(watcher.seen.gameUpdate).toBeUndefined();
    expect(bobElsewhere.gameUpdate).toBeUndefined();
    expect(a.seen.gameError ?? b.seen.gameError).toBeUndefined();
  });

  it("a non-player's makeMove gets gameError, only on that socket, and changes nothing", async () => {
    const gameID = await collabGame(alice, bob);
    const a = await inRoom(alice, gameID);
    const watcher = await inRoom(carol, gameID);

    codeMove(watcher.socket, gameID, 'carol_c', 'sneaky');
    await until(() => !!watcher.seen.gameError);
    expect(watcher.seen.gameError).toEqual([{ player: 'carol_c', error: gameMessages.notAPlayer }]);
    // Someone else's name: refused before anything is called.
    codeMove(watcher.socket, gameID, 'alice_c', 'sneaky');
    await until(() => watcher.seen.gameError?.length === 2);
    expect(watcher.seen.gameError?.[1]).toMatchObject({ player: 'carol_c' });
    await Promise.all([a.socket, watcher.socket].map(roundTrip));
    expect(await serverText(gameID, alice)).toBe(SIGNATURE);
    expect(a.seen.gameError).toBeUndefined();
    expect(a.seen.gameUpdate ?? watcher.seen.gameUpdate).toBeUndefined();
  });

  it('a burst of edits is coalesced into fewer gameUpdates, the last one with the final text', async () => {
    const gameID = await collabGame(alice, bob);
    const a = await inRoom(alice, gameID);
    const b = await inRoom(bob, gameID);

    // As the original client sends it: the whole text on every keystroke.
    const typed = '  return a + b;';
    for (let n = 1; n <= typed.length; n++) {
      codeMove(a.socket, gameID, 'alice_c', `function add(a, b) {\n${typed.slice(0, n)}\n}`);
    }
    const final = `function add(a, b) {\n${typed}\n}`;
    await until(() => codeOf(last(b.seen, 'gameUpdate')) === final);
    await Promise.all([a.socket, b.socket].map(roundTrip));
    const updates = b.seen.gameUpdate ?? [];
    expect(codeOf(updates.at(-1))).toBe(final);
    expect(updates.length).toBeLessThan(typed.length);
    expect(a.seen.gameUpdate).toBeUndefined();
    expect(await serverText(gameID, alice)).toBe(final);
  });

  it("the web app's Yjs edit (game.editCode) reaches every player's socket in the room", async () => {
    // A real Yjs update from another game on the same problem: every game's document starts from
    // the very same seed, so the other game's whole document applied here gives its text.
    const other = await collabGame(dave);
    const typed = 'function add(a, b) {\n  // typed in the web app\n}';
    await mutate('game.setCode', { id: other, code: typed }, dave);
    const { update } = await query<{ update: string }>('game.codeState', { id: other }, dave);

    const gameID = await collabGame(alice, bob);
    const a = await inRoom(alice, gameID);
    const b = await inRoom(bob, gameID);
    const watcher = await inRoom(carol, gameID);
    await mutate('game.editCode', { id: gameID, update }, bob);
    await until(
      () =>
        codeOf(last(a.seen, 'gameUpdate')) === typed &&
        codeOf(last(b.seen, 'gameUpdate')) === typed,
    );
    expect(last(a.seen, 'gameUpdate')).toMatchObject({
      gameInstance: { gameID, state: { status: 'IN_PROGRESS', currentCode: typed } },
    });
    await roundTrip(watcher.socket);
    expect(watcher.seen.gameUpdate).toBeUndefined();
  });

  it("a new player's join reaches the room: players with the current text, watchers without", async () => {
    const gameID = await collabGame(alice, bob);
    const a = await inRoom(alice, gameID);
    const watcher = await inRoom(carol, gameID);
    const code = 'function add(a, b) {\n  return b + a;\n}';
    await mutate('game.setCode', { id: gameID, code }, bob);
    await until(() => codeOf(last(a.seen, 'gameUpdate')) === code);

    await mutate('game.join', { id: gameID }, dave);
    await until(() => !!watcher.seen.gameUpdate && a.seen.gameUpdate?.length === 2);
    expect(last(a.seen, 'gameUpdate')).toMatchObject({
      gameInstance: { players: ['alice_c', 'bob_c', 'dave_c'], state: { currentCode: code } },
    });
    const seenByWatcher = watcher.seen.gameUpdate?.[0] as GameUpdate;
    expect(seenByWatcher.gameInstance.players).toEqual(['alice_c', 'bob_c', 'dave_c']);
    expect(seenByWatcher.gameInstance.state).not.toHaveProperty('currentCode');
  });
});

describe('codeResults over socket.io', () => {
  it("Run Tests through the web app's game.runTests reaches the players' sockets in the room only", async () => {
    const gameID = await collabGame(alice, bob);
    const a = await inRoom(alice, gameID);
    const watcher = await inRoom(carol, gameID);
    const bobElsewhereSocket = await open(bob);
    const bobElsewhere = record(bobElsewhereSocket);
    const aliceInAnotherRoom = await inRoom(alice, await collabGame(alice));
    await mutate('game.setCode', { id: gameID, code: 'function add(a, b) {\n  return 3;\n}' }, bob);
    const { data } = await mutate<{
      results: {
        status: string;
        cpuTime: number | null;
        memoryUsage: number | null;
        errorMessage: string;
      }[];
    }>('game.runTests', { id: gameID }, bob);
    await until(() => !!a.seen.codeResults);
    // The room's players see what the procedure answered: a hidden test's verdict, no figures.
    expect(a.seen.codeResults).toEqual([
      {
        results: data.results.map(({ status, cpuTime, memoryUsage, errorMessage }) => ({
          status,
          cpuTime,
          memoryUsage,
          errorMessage,
        })),
      },
    ]);
    expect(data.results[1]).toMatchObject({ cpuTime: null, memoryUsage: null });
    const [first, second] = (a.seen.codeResults?.[0] as { results: { status: string }[] }).results;
    expect(first?.status).toBe('OK');
    expect(second?.status).not.toBe('OK');
    await Promise.all(
      [watcher.socket, bobElsewhereSocket, aliceInAnotherRoom.socket].map(roundTrip),
    );
    expect(watcher.seen.codeResults).toBeUndefined();
    expect(bobElsewhere.codeResults).toBeUndefined();
    expect(aliceInAnotherRoom.seen.codeResults).toBeUndefined();
  });
});
