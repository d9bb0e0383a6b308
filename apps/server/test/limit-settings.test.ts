import {
  CONNECTION_CAP_KINDS,
  DEFAULT_CONNECTION_CAPS,
  RATE_LIMIT_KINDS,
  createShared,
  type ConnectionCaps,
} from '@app/api';
import { closeDatabase, openTestDatabase, type Db } from '@app/db';
import { connectionMessages } from '@app/validators';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  capsFrom,
  httpServerOptions,
  loadConfig,
  rateLimitsFrom,
  settingName,
  timeoutsFrom,
} from '../src/ops/config';
import { REPO_ROOT } from './support/repo-root';
import {
  capEngineIo,
  createConnectionCounter,
  type ConnectionCounter,
  type EngineConnection,
  type EngineLike,
} from '../src/ops/connection-caps';

const secret = { SESSION_SECRET: 's'.repeat(40) };

describe('every limit and cap is a setting', () => {
  const names = [
    ...RATE_LIMIT_KINDS.map((kind) => settingName('RATE_LIMIT', kind)),
    ...CONNECTION_CAP_KINDS.map((kind) => settingName('CAP', kind)),
    'TRUST_PROXY',
    'TIMEOUT_HEADERS',
    'TIMEOUT_REQUEST',
    'TIMEOUT_KEEP_ALIVE',
  ];

  it('named by one scheme (RATE_LIMIT_<KIND>, CAP_<KIND>), each name its own', () => {
    expect(settingName('RATE_LIMIT', 'answers')).toBe('RATE_LIMIT_ANSWERS');
    expect(settingName('RATE_LIMIT', 'loginByUsernameAndAddress')).toBe(
      'RATE_LIMIT_LOGIN_BY_USERNAME_AND_ADDRESS',
    );
    expect(settingName('CAP', 'socketsPerSession')).toBe('CAP_SOCKETS_PER_SESSION');
    expect(new Set(names).size).toBe(names.length);
  });

  it('listed in the README’s settings table', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    expect(names.filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
  });

  it('read by loadConfig: limits as count/window, caps as whole numbers, timeouts as durations', () => {
    const config = loadConfig(
      {
        ...secret,
        RATE_LIMIT_ANSWERS: '5/1m',
        RATE_LIMIT_SIGNUPS: '1000/1h',
        CAP_SOCKETS_PER_SESSION: '3',
        TRUST_PROXY: '127.0.0.1',
        TIMEOUT_REQUEST: '45s',
      },
      REPO_ROOT,
    );
    expect(config.rateLimits).toEqual({
      answers: { max: 5, windowMs: 60_000 },
      signups: { max: 1000, windowMs: 3_600_000 },
    });
    expect(config.caps).toEqual({ socketsPerSession: 3 });
    expect(config.trustProxy).toEqual(['127.0.0.1']);
    expect(config.timeouts).toEqual({ requestMs: 45_000 });
    // Unset: the API's table and the defaults.
    const plain = loadConfig(secret, REPO_ROOT);
    expect([plain.rateLimits, plain.caps, plain.timeouts, plain.trustProxy]).toEqual([
      {},
      {},
      {},
      [],
    ]);
  });

  it('keeps MESSAGE_RATE_LIMIT and TEST_RUN_RATE_LIMIT working; the new names win', () => {
    expect(rateLimitsFrom({ MESSAGE_RATE_LIMIT: '3/1s', TEST_RUN_RATE_LIMIT: '7/10s' })).toEqual({
      messages: { max: 3, windowMs: 1000 },
      testRuns: { max: 7, windowMs: 10_000 },
    });
    expect(
      rateLimitsFrom({ MESSAGE_RATE_LIMIT: '3/1s', RATE_LIMIT_MESSAGES: '30/1m' }).messages,
    ).toEqual({ max: 30, windowMs: 60_000 });
  });

  it('refuses a bad value with a sentence naming the setting', () => {
    expect(() => rateLimitsFrom({ RATE_LIMIT_VOTES: 'lots' })).toThrow(
      /^RATE_LIMIT_VOTES: A rate limit reads like "10\/10s"/,
    );
    expect(() => rateLimitsFrom({ TEST_RUN_RATE_LIMIT: '0/1s' })).toThrow(/^TEST_RUN_RATE_LIMIT/);
    expect(() => capsFrom({ CAP_SOCKETS_TOTAL: '0' })).toThrow(
      'CAP_SOCKETS_TOTAL must be a whole number of at least 1, not "0".',
    );
    expect(() => capsFrom({ CAP_SOCKETS_TOTAL: 'many' })).toThrow(/CAP_SOCKETS_TOTAL/);
    expect(() => timeoutsFrom({ TIMEOUT_HEADERS: 'soon' })).toThrow(/^TIMEOUT_HEADERS: /);
    expect(() => timeoutsFrom({ TIMEOUT_HEADERS: '0s' })).toThrow(/TIMEOUT_HEADERS must be/);
  });

  it('timeouts a real site would use by default: tens of seconds', () => {
    expect(httpServerOptions()).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1000,
    });
    // Node refuses a headers timeout above the request timeout.
    expect(httpServerOptions({ headersMs: 60_000, requestMs: 10_000 }).headersTimeout).toBe(10_000);
  });
});

describe('the connection counter both doors share', () => {
  const counters: ConnectionCounter[] = [];
  const dbs: Db[] = [];
  afterEach(async () => {
    for (const counter of counters.splice(0)) counter.close();
    for (const db of dbs.splice(0)) await closeDatabase(db);
  });
  /** A counter over a fresh database of the run's kind. */
  const counterWith = async (overrides: Partial<ConnectionCaps>) => {
    const db = await openTestDatabase();
    dbs.push(db);
    const counter = createConnectionCounter({
      db,
      shared: createShared(),
      caps: { ...DEFAULT_CONNECTION_CAPS, ...overrides },
    });
    counters.push(counter);
    return counter;
  };

  it('refuses past each cap with its close code and reason, and frees a place on release', async () => {
    const counter = await counterWith({
      socketsPerSession: 1,
      socketsPerAddress: 2,
      socketsTotal: 3,
    });
    const a = await counter.admit({ address: '192.0.2.1', session: 's1' });
    expect(a.ok).toBe(true);
    expect(await counter.admit({ address: '192.0.2.2', session: 's1' })).toEqual({
      ok: false,
      code: 1008,
      reason: connectionMessages.tooManyForSession,
    });
    expect((await counter.admit({ address: '192.0.2.1', session: null })).ok).toBe(true);
    expect(await counter.admit({ address: '192.0.2.1', session: 's2' })).toEqual({
      ok: false,
      code: 1008,
      reason: connectionMessages.tooManyForAddress,
    });
    expect((await counter.admit({ address: '192.0.2.3', session: 's3' })).ok).toBe(true);
    expect(await counter.admit({ address: '192.0.2.4', session: 's4' })).toEqual({
      ok: false,
      code: 1013,
      reason: connectionMessages.serverBusy,
    });
    if (a.ok) {
      a.release();
      a.release(); // twice is once
    }
    expect(counter.open().total).toBe(2);
    expect((await counter.admit({ address: '192.0.2.2', session: 's1' })).ok).toBe(true);
  });

  it('counts an IPv6 client by its /64, as the rate limits do: a fresh address in it is no fresh place', async () => {
    const counter = await counterWith({ socketsPerAddress: 2 });
    expect((await counter.admit({ address: '2001:db8:0:1::1', session: null })).ok).toBe(true);
    expect((await counter.admit({ address: '2001:db8:0:1:ffff::2', session: null })).ok).toBe(true);
    expect(await counter.admit({ address: '2001:db8:0:1:abcd::3', session: null })).toEqual({
      ok: false,
      code: 1008,
      reason: connectionMessages.tooManyForAddress,
    });
    expect((await counter.admit({ address: '2001:db8:0:2::1', session: null })).ok).toBe(true);
  });

  it('caps socket.io connections too: refused with the reason as the connect error, freed on disconnect', async () => {
    const counter = await counterWith({ socketsPerSession: 1 });
    type Middleware = Parameters<EngineLike['use']>[0];
    let middleware: Middleware | undefined;
    let onConnection: ((conn: EngineConnection) => void) | undefined;
    capEngineIo(
      { use: (fn) => (middleware = fn), on: (_event, fn) => (onConnection = fn) },
      counter,
      () => '192.0.2.9',
      async (req) => (req.headers.cookie ? 'session-1' : null),
    );
    /** An engine.io handshake, then its connection: what it was sent, and how to close it. */
    const connectAs = async (cookie: string | undefined) => {
      const events = new EventEmitter();
      const request = Object.assign(events, {
        headers: { cookie },
        socket: new EventEmitter(),
        _query: {},
      }) as unknown as IncomingMessage;
      await new Promise<void>((done) => middleware!(request, {}, () => done()));
      const sent: string[] = [];
      const closes: (() => void)[] = [];
      let closed = false;
      onConnection!({
        request,
        send: (data) => sent.push(data),
        close: () => (closed = true),
        once: (_event, listener) => closes.push(listener),
      });
      // The handshake's request ends: the place stays the connection's.
      request.emit('close');
      return { sent, closed, disconnect: () => closes.forEach((close) => close()) };
    };
    const first = await connectAs('qa_session=x');
    expect(first).toMatchObject({ sent: [], closed: false });
    expect(await connectAs('qa_session=x')).toMatchObject({
      sent: [`4${JSON.stringify({ message: connectionMessages.tooManyForSession })}`],
      closed: true,
    });
    // Signed-out connections count per address and in total only.
    expect((await connectAs(undefined)).closed).toBe(false);
    first.disconnect();
    expect((await connectAs('qa_session=x')).closed).toBe(false);
    expect(counter.open().total).toBe(2);
  });
});
