import { DEFAULT_RATE_LIMITS, RATE_LIMIT_KINDS, type RateLimits } from '@app/api';
import { limitMessages, transportMessages } from '@app/validators';
import { writeFileSync } from 'node:fs';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, probeAll, Tally, type Probe } from './sweep/doors';
import { buildWorld, TrpcUser, type World } from './sweep/fixtures';
import { RawJson } from './sweep/hostile';
import { dataKeepingProbes, restProbes, restTable } from './sweep/rest-probes';
import { isOurSentence } from './sweep/sentences';
import {
  acceptsInput,
  ENDS_SESSION,
  procedures,
  PUBLIC_PROCEDURES,
  MODERATOR_ONLY,
  sampleFor,
  SELF,
  trpcProbe,
  trpcRequests,
  type TrpcRequest,
} from './sweep/trpc-probes';
import { useTestServer } from './support/test-server';

// Every tRPC procedure and every legacy REST path (SPEC §7) gets malformed and
// hostile inputs generated from its schema. Every answer is a 4xx in our own words (a valid input may
// also be accepted), never a 5xx, and the server still answers at once afterwards. Subscriptions are
// for the WebSocket only: over HTTP every one of them is refused with 405.

/** Limits far above anything the sweep sends, so that a 429 never hides the answer to an input. */
const NO_LIMITS = Object.fromEntries(
  RATE_LIMIT_KINDS.map((kind) => [kind, { max: 1_000_000_000, windowMs: 60_000 }]),
) as RateLimits;

const tally = new Tally();

afterAll(() => {
  console.log(
    `bad-input sweep: ${tally.sent} requests, ${tally.failures.length} broke the rules\n${tally.table()}`,
  );
  if (process.env.SWEEP_LOG) writeFileSync(process.env.SWEEP_LOG, tally.log.join('\n'));
});

/** The input with the calling user's name where the sample said SELF. */
function personalized(input: unknown, name: string): unknown {
  if (input === SELF) return name;
  if (input instanceof RawJson || input === null || typeof input !== 'object') return input;
  if (Array.isArray(input)) return input.map((item) => personalized(item, name));
  if (Object.getPrototypeOf(input) !== Object.prototype) return input;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, personalized(value, name)]),
  );
}

describe('the bad-input sweep (limits raised)', () => {
  const running = useTestServer({ rateLimits: NO_LIMITS });
  let world: World;

  beforeAll(async () => {
    world = await buildWorld(running.url);
  }, 60_000);

  it('tells our sentences from a library’s words and JavaScript internals', () => {
    for (const ours of [
      transportMessages.tooLarge,
      limitMessages.questions,
      'The title is too long (at most 100 characters).',
      'Invalid question id',
    ])
      expect(isOurSentence(ours), ours).toBe(true);
    for (const theirs of [
      'No procedure found on path "nope"',
      'Expected string, received number',
      'Unexpected token } in JSON at position 7',
      "TypeError: Cannot read properties of undefined (reading 'id')",
      '[object Object]',
      '    at Object.<anonymous> (/app/src/x.ts:1:1)',
      'Too big: expected string to have <=100 characters',
      'Something happened.',
    ])
      expect(isOurSentence(theirs), theirs).toBe(false);
  });

  it('has a valid sample input for every procedure, so each variant breaks one thing', () => {
    const invalid = procedures()
      .filter((procedure) => procedure.type !== 'subscription')
      .filter(
        (procedure) => !acceptsInput(procedure, personalized(sampleFor(procedure, world), 'x')),
      )
      .map((procedure) => procedure.path);
    expect(invalid).toEqual([]);
  });

  it('lists every public procedure that exists', () => {
    const paths = new Set(procedures().map((procedure) => procedure.path));
    expect([...PUBLIC_PROCEDURES].filter((path) => !paths.has(path))).toEqual([]);
  });

  it('lists every moderator procedure, and nothing else, as moderators only', () => {
    const moderation = procedures()
      .map((procedure) => procedure.path)
      .filter((path) => path.startsWith('moderation.'));
    expect(moderation.sort()).toEqual([...MODERATOR_ONLY].sort());
  });

  it('answers every hostile tRPC request with a 4xx in our words, and never a 5xx', async () => {
    const requests: TrpcRequest[] = procedures().flatMap((procedure) =>
      trpcRequests(procedure, world),
    );
    // Logging out and deleting the account would end the sweeper's session: a new user each time.
    let fresh = 0;
    const probes: Probe[] = [];
    for (const request of requests) {
      const own = request.cookie === world.sweeper.cookie;
      if (
        ENDS_SESSION.has(request.procedure.path) &&
        (own || request.cookie === world.outsider.cookie)
      ) {
        const user = await TrpcUser.signUp(running.url, `gone_${++fresh}`);
        probes.push(
          trpcProbe(running.url, {
            ...request,
            input: personalized(request.input, own ? user.name : world.sweeper.name),
            cookie: user.cookie,
          }),
        );
      } else {
        probes.push(
          trpcProbe(running.url, {
            ...request,
            input: personalized(request.input, world.sweeper.name),
          }),
        );
      }
    }
    await probeAll(tally, probes);
    // The requests that broke the rules first: they say which procedure and what it answered.
    expect(tally.failures.filter((line) => line.startsWith('trpc'))).toEqual([]);
    expect(tally.get('trpc 5xx')).toBe(0);
  }, 180_000);

  it('answers every hostile request to the REST paths of SPEC §7 in our words, and never a 5xx', async () => {
    const probes = restTable(world).flatMap((entry) => restProbes(running.url, entry, world));
    await probeAll(tally, probes);
    expect(tally.get('rest 5xx')).toBe(0);
    expect(tally.failures.filter((line) => line.startsWith('rest'))).toEqual([]);
  }, 180_000);

  it('refuses bad input to the REST doors that once changed data, and nothing changes', async () => {
    const { probes, kept } = await dataKeepingProbes(running.url, world);
    const before = await kept();
    await probeAll(tally, probes);
    expect(tally.failures.filter((line) => line.includes('keeps data'))).toEqual([]);
    expect(await kept()).toEqual(before);
  }, 60_000);

  it('answers abuse of the doors themselves (paths, methods, batches, headers) in our words', async () => {
    const url = running.url;
    const json = { 'content-type': 'application/json' };
    const cookie = { cookie: world.sweeper.cookie };
    const input = (value: unknown) =>
      encodeURIComponent(JSON.stringify(superjson.serialize(value)));
    const refused = (status?: number | number[]) => ({ kind: 'refused' as const, status });
    const transport = (
      label: string,
      method: string,
      path: string,
      expect: Probe['expect'],
      more: Partial<Probe> = {},
    ): Probe => ({ door: 'transport', label, method, url: `${url}${path}`, expect, ...more });
    const batchOf = (count: number) => Array.from({ length: count }, () => 'tag.list').join(',');
    const probes: Probe[] = [
      transport('unknown procedure', 'GET', '/trpc/nope.nothing', refused(404)),
      transport('unknown procedure (POST)', 'POST', '/trpc/nope.nothing', refused(404), {
        headers: json,
        body: '{}',
      }),
      transport('no procedure', 'GET', '/trpc/', refused(404)),
      transport('traversal in the path', 'GET', '/trpc/..%2F..%2Fetc%2Fpasswd', refused(404)),
      transport('prototype path', 'GET', '/trpc/__proto__.constructor', refused(404)),
      transport('router as procedure', 'GET', '/trpc/question', refused(404)),
      transport('procedure with a tail', 'GET', '/trpc/tag.list/extra', refused(404)),
      transport(
        'bad percent-encoding in the input',
        'GET',
        '/trpc/tag.byName?input=%E0%A4%A',
        refused(400),
      ),
      transport('batch over the limit', 'GET', `/trpc/${batchOf(11)}?batch=1`, refused(400)),
      transport('batch of 500', 'GET', `/trpc/${batchOf(500)}?batch=1`, refused()),
      transport(
        'batch input not an object',
        'GET',
        `/trpc/tag.byName,tag.byName?batch=1&input=${encodeURIComponent('"x"')}`,
        refused(400),
      ),
      transport(
        'batch input a list',
        'GET',
        `/trpc/tag.byName,tag.byName?batch=1&input=${encodeURIComponent('[1,2]')}`,
        refused(400),
      ),
      transport(
        'batch mixing queries and mutations',
        'POST',
        '/trpc/tag.list,auth.logout?batch=1',
        refused(),
        {
          headers: { ...json, ...cookie },
          body: '{}',
        },
      ),
      transport(
        'batch with a subscription',
        'GET',
        '/trpc/tag.list,question.onQuestionChanged?batch=1',
        refused(),
        {
          headers: cookie,
        },
      ),
      transport(
        'batch with an unknown procedure',
        'GET',
        '/trpc/tag.list,nope.nothing?batch=1',
        { kind: 'any' },
        {
          headers: cookie,
        },
      ),
      transport(
        'streaming accept header, no batch',
        'GET',
        `/trpc/tag.byName?input=${input({ name: 'sweep' })}`,
        { kind: 'any' },
        {
          headers: { accept: 'application/jsonl' },
        },
      ),
      // A streamed batch (httpBatchStreamLink) answers 200 and streams each call's own answer.
      transport(
        'streaming trpc-accept header, batch of bad inputs',
        'GET',
        `/trpc/tag.byName,tag.byName?batch=1&input=${encodeURIComponent('{"0":{"json":{"name":5}},"1":{"json":null}}')}`,
        { kind: 'any' },
        {
          headers: { 'trpc-accept': 'application/jsonl' },
        },
      ),
      // connectionParams are read only on the WebSocket: over HTTP they change nothing.
      transport(
        'connectionParams that are not JSON',
        'GET',
        '/trpc/tag.list?connectionParams=%7Bnope',
        { kind: 'any' },
      ),
      transport(
        'connectionParams of the wrong shape',
        'GET',
        `/trpc/tag.list?connectionParams=${encodeURIComponent('{"a":{"b":1}}')}`,
        { kind: 'any' },
      ),
      transport(
        'multipart content type on a GET',
        'GET',
        `/trpc/tag.byName?input=${input({ name: 'sweep' })}`,
        refused(),
        {
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        },
      ),
      transport(
        'octet-stream content type on a GET',
        'GET',
        `/trpc/tag.byName?input=${input({ name: 'sweep' })}`,
        refused(),
        {
          headers: { 'content-type': 'application/octet-stream' },
        },
      ),
      transport('POST without a content type', 'POST', '/trpc/auth.logout', refused(415), {
        body: '{}',
      }),
      transport('DELETE to a mutation', 'DELETE', '/trpc/question.create', refused(), {
        headers: { ...json, ...cookie },
        body: '{}',
      }),
      transport('PATCH to a query', 'PATCH', '/trpc/tag.list', refused(), {
        headers: json,
        body: '{}',
      }),
      transport('change from another site', 'POST', '/trpc/question.create', refused(403), {
        headers: { ...json, ...cookie, origin: 'https://evil.example' },
        body: '{"json":{}}',
      }),
      transport('20 KB cookie', 'GET', '/trpc/auth.me', refused(431), {
        headers: { cookie: `a=${'x'.repeat(20 * 1024)}` },
      }),
      transport(
        '10,000-deep input in the address',
        'GET',
        `/trpc/tag.byName?input=${'%5B'.repeat(10_000)}${'%5D'.repeat(10_000)}`,
        refused(431),
      ),
      transport('1 MB body to a query', 'POST', '/trpc/tag.list', refused(), {
        headers: json,
        body: 'x'.repeat(1024 * 1024),
      }),
      // The REST side of the same: unknown paths, wrong methods, unreadable paths.
      transport('unknown REST path (POST)', 'POST', '/question/nothingHere', refused(404), {
        headers: json,
        body: '{}',
      }),
      transport('unknown REST path (PUT)', 'PUT', '/user/login', refused(), {
        headers: json,
        body: '{}',
      }),
      transport('unknown path (POST)', 'POST', '/nothing/here', refused(404), {
        headers: json,
        body: '{}',
      }),
      transport(
        'bad percent-encoding in a REST path',
        'GET',
        '/tag/getTagByName/%E0%A4%A',
        refused(400),
        {
          headers: { accept: 'application/json' },
        },
      ),
      transport('bad percent-encoding in a page path', 'GET', '/%E0%A4%A', { kind: 'any' }),
      transport(
        'bad percent-encoding in a REST path (POST)',
        'POST',
        '/chat/%E0%A4%A/addMessage',
        refused(400),
        {
          headers: { ...json, ...cookie },
          body: '{}',
        },
      ),
      transport('NUL in a REST path', 'GET', '/user/getUser/a%00b', refused(), {
        headers: { ...cookie, accept: 'application/json' },
      }),
      transport(
        'double-encoded traversal',
        'GET',
        '/problem/getProblem/%252e%252e%252f',
        refused(400),
        {
          headers: { accept: 'application/json' },
        },
      ),
    ];
    await probeAll(tally, probes, 4);
    expect(tally.get('transport 5xx')).toBe(0);
    expect(tally.failures.filter((line) => line.startsWith('transport'))).toEqual([]);
  }, 60_000);

  it('still answers normal requests rightly afterwards', async () => {
    // How fast is the benchmark's business (pnpm bench); here: the sweep left the server answering.
    const health = await fetch(`${running.url}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const tags = await fetch(`${running.url}/trpc/tag.list`);
    expect(tags.status).toBe(200);
    const body = (await tags.json()) as { result?: { data?: { json?: unknown } } };
    expect(Array.isArray(body.result?.data?.json)).toBe(true);
  });
});

describe('the bad-input sweep (normal limits)', () => {
  const running = useTestServer({ rateLimits: DEFAULT_RATE_LIMITS });

  it('answers sign-ups and writes past their limits with 429 and a sentence, on both doors', async () => {
    const url = running.url;
    const signup = (username: string): Probe => ({
      door: 'limits',
      label: `sign up ${username}`,
      method: 'POST',
      url: `${url}/trpc/auth.signup`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(superjson.serialize({ username, password: 'password123' })),
      expect: { kind: 'any' },
    });
    // One address: the first few sign-ups pass, then every one is a 429 with our sentence.
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await probe(tally, signup(`limited_${i}`)));
    const refusedSignup = answers.at(-1);
    expect(refusedSignup?.status).toBe(429);
    expect(JSON.parse(refusedSignup?.text ?? '{}').error.json.message).toBe(limitMessages.signups);
    const rest = await probe(tally, {
      door: 'limits',
      label: 'REST sign-up past the limit',
      method: 'POST',
      url: `${url}/user/signup`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'limited_rest', password: 'password123' }),
      expect: { kind: 'refused', status: 429 },
    });
    expect(rest.text).toBe(limitMessages.signups);

    // One user asking questions: past the limit, 429 and the sentence, over tRPC and REST alike.
    const user = new TrpcUser(url, 'limited_0');
    await user.mutate('auth.login', { username: 'limited_0', password: 'password123' });
    const ask = (i: number): Probe => ({
      door: 'limits',
      label: `question ${i}`,
      method: 'POST',
      url: `${url}/trpc/question.create`,
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify(
        superjson.serialize({ title: `Question ${i}`, text: 'Within limits?', tags: ['limits'] }),
      ),
      expect: { kind: 'any' },
    });
    const asked = [];
    for (let i = 0; i < 11; i++) asked.push(await probe(tally, ask(i)));
    expect(asked.at(-1)?.status).toBe(429);
    expect(JSON.parse(asked.at(-1)?.text ?? '{}').error.json.message).toBe(limitMessages.questions);
    const restAsk = await probe(tally, {
      door: 'limits',
      label: 'REST question past the limit',
      method: 'POST',
      url: `${url}/question/addQuestion`,
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify({ title: 'One more', text: 'Over REST.', tags: [{ name: 'limits' }] }),
      expect: { kind: 'refused', status: 429 },
    });
    expect(restAsk.text).toBe(limitMessages.questions);
    expect(tally.failures.filter((line) => line.startsWith('limits'))).toEqual([]);
  }, 60_000);
});
