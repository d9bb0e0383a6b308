import { databaseKind } from '@app/db';
import { gameMessages } from '@app/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './messaging-fixtures';
import { processesOnOneFile, signUp } from './support/processes-on-one-file';
import { startTestRedis, type TestRedis } from './support/redis-server';

/**
 * The original client verifies a private room's password (/games/verify), then joins with only the
 * game's id (/games/join): behind a balancer the two calls may reach different processes.
 */
async function verifyOnOneJoinOnTheOther(redisUrl?: string) {
  const [a, b] = await processesOnOneFile(2, { redisUrl });
  const alice = await signUp(a!, 'alice');
  await signUp(a!, 'bob');
  await signUp(a!, 'carol');
  const { game } = await alice.api.game.createNim({
    seatCreator: false,
    title: 'Secret room',
    isPrivate: true,
    password: 'sesame',
  });
  const bobOnA = await a!.signedInAs('bob');
  const bobOnB = await b!.signedInAs('bob');
  await expectError(
    bobOnB.api.game.join({ id: game.id }),
    'FORBIDDEN',
    gameMessages.passwordRequired,
  );
  expect(await bobOnA.api.game.verifyPassword({ id: game.id, password: 'sesame' })).toEqual({
    ok: true,
  });
  expect((await bobOnB.api.game.join({ id: game.id })).game.players).toEqual(['bob']);
  // Bob's right answer is not Carol's, on either process.
  const carolOnB = await b!.signedInAs('carol');
  await expectError(
    carolOnB.api.game.join({ id: game.id }),
    'FORBIDDEN',
    gameMessages.passwordRequired,
  );
}

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')(
  'a room password verified through one process lets the user join through another',
  () => {
    it('over one database file', async () => {
      await verifyOnOneJoinOnTheOther();
    });

    describe('with Redis', () => {
      let redis: TestRedis;
      beforeAll(async () => {
        redis = await startTestRedis();
      });
      afterAll(() => redis.stop());

      it('through Redis', async () => {
        await verifyOnOneJoinOnTheOther(redis.url);
      });
    });
  },
);
