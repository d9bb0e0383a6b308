import { databaseKind, firstRow, rateLimits } from '@app/db';
import { authMessages } from '@app/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './messaging-fixtures';
import { processesOnOneFile, signUp, type TestProcess } from './support/processes-on-one-file';
import { startTestRedis, type TestRedis } from './support/redis-server';

const wrong = (server: TestProcess, address: string) =>
  expectError(
    server.client({ address }).api.auth.login({ username: 'victim', password: 'wrong-guess' }),
    'UNAUTHORIZED',
    authMessages.invalidCredentials,
  );
const refused = (server: TestProcess, address: string) =>
  expectError(
    server.client({ address }).api.auth.login({ username: 'victim', password: 'wrong-guess' }),
    'TOO_MANY_REQUESTS',
    authMessages.tooManyAttempts,
  );

/** Five wrong passwords from one address, spread over the processes in turn. */
async function fiveWrongAcross(servers: TestProcess[], address: string) {
  for (let i = 0; i < 5; i++) await wrong(servers[i % servers.length]!, address);
}

const pairKey = (address: string) => `rl:loginByUsernameAndAddress:victim\n${address}`;

/** What the database counted for the victim's pair with this address (its insurance, with Redis). */
const countedInDatabase = async (server: TestProcess, address: string) =>
  (
    await firstRow(
      server.db
        .select({ points: rateLimits.points })
        .from(rateLimits)
        .where(eq(rateLimits.key, pairKey(address))),
    )
  )?.points ?? 0;

async function untilReady(servers: TestProcess[]) {
  const deadline = Date.now() + 15_000;
  while (servers.some(({ redis }) => redis?.status !== 'ready')) {
    if (Date.now() > deadline) throw new Error('the processes did not reconnect to Redis');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')(
  'two processes on one database file share one login limit',
  () => {
    it('five wrong passwords across the two, then the sixth on either is refused', async () => {
      const [a, b] = await processesOnOneFile(2);
      await signUp(a!, 'victim');
      await fiveWrongAcross([a!, b!], '198.51.100.7');
      await refused(b!, '198.51.100.7');
      await refused(a!, '198.51.100.7');
    });
  },
);

// Processes sharing one SQLite file (connections to it); PostgreSQL's processes share a server instead.
describe.runIf(databaseKind === 'sqlite')(
  'with Redis, the processes share one login limit through it',
  () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startTestRedis();
    });
    afterAll(() => redis.stop());

    it('five wrong passwords across the two, then the sixth on either is refused; the database counted none', async () => {
      const [a, b] = await processesOnOneFile(2, { redisUrl: redis.url });
      await signUp(a!, 'victim');
      await fiveWrongAcross([a!, b!], '198.51.100.7');
      await refused(b!, '198.51.100.7');
      await refused(a!, '198.51.100.7');
      expect(await countedInDatabase(a!, '198.51.100.7')).toBe(0);
    });

    it('while Redis is away the processes count in the database together, and Redis is used again once back', async () => {
      const [a, b] = await processesOnOneFile(2, { redisUrl: redis.url });
      const servers = [a!, b!];
      await signUp(a!, 'victim');
      await wrong(a!, '198.51.100.8');

      await redis.stop();
      // No waiting for the clients to notice: a login right after Redis went away still answers.
      await fiveWrongAcross(servers, '198.51.100.9');
      await refused(b!, '198.51.100.9');
      await refused(a!, '198.51.100.9');
      expect(await countedInDatabase(a!, '198.51.100.9')).toBe(5);

      await redis.start();
      await untilReady(servers);
      await fiveWrongAcross(servers, '198.51.100.10');
      await refused(a!, '198.51.100.10');
      expect(await countedInDatabase(a!, '198.51.100.10')).toBe(0);
      const key = `${a!.deps.shared.redisPrefix}${pairKey('198.51.100.10')}`;
      expect(await a!.redis!.get(key)).toBe('5');
    }, 60_000);
  },
);
