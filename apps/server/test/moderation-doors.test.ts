import { appRouter } from '@app/api';
import { users } from '@app/db';
import { moderationMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { procedureTypes } from '../src/trpc/trpc-internals';
import { RestClient } from './support/rest-test-client';
import { join, record, socketClients, until } from './support/socket-test-clients';
import { useTestServer } from './support/test-server';

// Moderators' powers and suspensions, through every door: tRPC over HTTP (the web app), the REST
// paths and socket.io (the original client). Every moderator procedure is tried by a normal user,
// a suspended one and nobody; a suspended user's writes are refused on each door, with the date.

const running = useTestServer({ trustedOrigins: ['http://localhost:3000'] });
const { mutate, query, signUp, open } = socketClients(running);

const MODERATOR_PROCEDURES = [...procedureTypes(appRouter)].filter(([path]) =>
  path.startsWith('moderation.'),
);

/** A valid input for each, so only the caller decides the answer. */
const INPUTS: Record<string, unknown> = {
  'moderation.queue': { cursor: null },
  'moderation.log': { cursor: null },
  'moderation.dismiss': { kind: 'question', id: 1 },
  'moderation.hide': { kind: 'question', id: 1 },
  'moderation.unhide': { kind: 'question', id: 1 },
  'moderation.suspend': { username: 'alice_d', days: 1, reason: 'a test' },
  'moderation.unsuspend': { username: 'alice_d' },
};

/** The raw HTTP answer of a tRPC call, as the web app's httpLink makes it. */
async function call(path: string, type: string, input: unknown, cookie: string) {
  const text = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  const headers = { 'content-type': 'application/json', origin: running.url, cookie };
  const res =
    type === 'query'
      ? await fetch(`${running.url}/trpc/${path}?input=${text}`, { headers })
      : await fetch(`${running.url}/trpc/${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(superjson.serialize(input)),
        });
  const body = (await res.json()) as { error?: { json?: { message?: string } } };
  return { status: res.status, message: body.error?.json?.message };
}

let mod = '';
let alice = '';
let bob = '';
let bobRest: RestClient;
let until_: Date;
let qid = 0;
let gameID = '';

beforeAll(async () => {
  mod = await signUp('mod_d');
  alice = await signUp('alice_d');
  bobRest = new RestClient(() => running.url);
  expect(
    (await bobRest.post('/user/signup', { username: 'bob_d', password: 'password123' })).status,
  ).toBe(200);
  bob = bobRest.cookieHeader;
  await running.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'mod_d'));
  qid = (
    await mutate<{ question: { id: number } }>(
      'question.create',
      { title: 'A question for the doors', text: 'Some text.', tags: ['doors'] },
      alice,
    )
  ).data.question.id;
  const { data } = await mutate<{ game: { id: string } }>(
    'game.createNim',
    { seatCreator: false, title: 'Nim for the doors', isPrivate: false },
    bob,
  );
  gameID = data.game.id;
  await mutate('game.join', { id: gameID }, bob);
  await mutate('game.join', { id: gameID }, alice);
});

describe('moderator procedures, through tRPC over HTTP', () => {
  it('lists every moderator procedure here', () => {
    expect(MODERATOR_PROCEDURES.map(([path]) => path).sort()).toEqual(Object.keys(INPUTS).sort());
  });

  it('refuse a normal user (403), a suspended one (403) and nobody (401), and change nothing', async () => {
    const { data } = await mutate<{ suspendedUntil: Date }>(
      'moderation.suspend',
      { username: 'bob_d', days: 2, reason: 'testing the doors' },
      mod,
    );
    until_ = data.suspendedUntil;
    for (const [path, type] of MODERATOR_PROCEDURES) {
      const input = INPUTS[path];
      for (const cookie of [alice, bob]) {
        expect(await call(path, type, input, cookie), `${path} ${cookie}`).toEqual({
          status: 403,
          message: moderationMessages.moderatorsOnly,
        });
      }
      expect((await call(path, type, input, '')).status, path).toBe(401);
    }
    const log = await query<{ items: { action: string }[] }>('moderation.log', {}, mod);
    expect(log.items.map((entry) => entry.action)).toEqual(['suspend']);
  });
});

describe('a suspended user', () => {
  it('is refused writes on tRPC and the REST paths, with the date, and may still read', async () => {
    const sentence = moderationMessages.suspended(until_);
    expect(await call('answer.create', 'mutation', { qid, text: 'hi' }, bob)).toEqual({
      status: 403,
      message: sentence,
    });
    const answer = await bobRest.post('/answer/addAnswer', {
      qid: String(qid),
      ans: { text: 'an answer', ansBy: 'bob_d', ansDateTime: new Date().toISOString() },
    });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 403, text: sentence });
    const message = await bobRest.post('/messaging/addMessage', {
      messageToAdd: { msg: 'hello', msgFrom: 'bob_d', msgDateTime: new Date().toISOString() },
    });
    expect({ status: message.status, text: message.text }).toEqual({ status: 403, text: sentence });
    expect((await bobRest.get(`/question/getQuestionById/${qid}`)).status).toBe(200);
  });

  it('is refused moves on socket.io, and hears its suspension on its own socket only', async () => {
    const bobSocket = await open(bob);
    const aliceSocket = await open(alice);
    const seenBob = record(bobSocket);
    const seenAlice = record(aliceSocket);
    await join(bobSocket, 'joinGame', gameID);
    bobSocket.emit('makeMove', { gameID, playerID: 'bob_d', move: { numObjects: 1 } });
    await until(() => (seenBob.gameError?.length ?? 0) === 1);
    expect(seenBob.gameError?.[0]).toMatchObject({
      player: 'bob_d',
      error: moderationMessages.suspended(until_),
    });
    await mutate('moderation.unsuspend', { username: 'bob_d' }, mod);
    await until(() => (seenBob.accountUpdate?.length ?? 0) === 1);
    expect(seenBob.accountUpdate?.[0]).toEqual({ type: 'unsuspended', username: 'bob_d' });
    expect(seenAlice.accountUpdate).toBeUndefined();
  });
});
