import { createReadCache, type EventBus } from '@app/api';
import { closeDatabase, openTestDatabase, questions, type Db } from '@app/db';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../packages/api/src/create-deps';
import { ResponseCache, type ResponseCacheLimits } from '../src/http/response-cache';
import { useTestServer } from './support/test-server';

// Public reads answered from the read cache kept fresh by the event bus, with ETags, compression and
// long-lived hashed assets, against the real server on a temporary database.

const webDist = mkdtempSync(join(tmpdir(), 'qa-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app shell</title>');
const bundle = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
writeFileSync(join(webDist, 'assets', 'index-Bq3x9Z.js'), bundle);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const running = useTestServer({ webDist });

// Answers read in the tests: JSON whose shape each test knows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const json = async (res: Response): Promise<Json> => res.json();

/** Buses over fresh databases of the run's kind, each closed with its database after the file's tests. */
const buses: { db: Db; bus: EventBus }[] = [];
afterAll(async () => {
  for (const { db, bus } of buses.splice(0)) {
    await bus.close();
    await closeDatabase(db);
  }
});
async function busOfItsOwn(): Promise<EventBus> {
  const db = await openTestDatabase();
  const bus = await createEventBus(db);
  buses.push({ db, bus });
  return bus;
}

/** A response cache over a read cache of its own, listening to `events`. */
const responseCacheOver = async (events: EventBus, limits?: ResponseCacheLimits) =>
  new ResponseCache(await createReadCache(events), limits);

const serialize = (input: unknown) => JSON.stringify(superjson.serialize(input));

async function mutate<T>(path: string, input: unknown, cookie: string): Promise<T> {
  const res = await fetch(`${running.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: serialize(input),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return superjson.deserialize<T>(JSON.parse(text).result.data);
}

async function signUp(username: string): Promise<string> {
  const res = await fetch(`${running.url}/trpc/auth.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: serialize({ username, password: 'password123' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const queryUrl = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(serialize(input))}`}`;

/** A read as the web app makes it: through the cache. */
async function cachedRead(path: string, input: unknown, cookie = '') {
  const res = await fetch(running.url + queryUrl(path, input), {
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(200);
  return (await json(res)).result.data;
}

/**
 * The same read computed by tRPC now: batched with auth.me, which the cache never serves, so the
 * whole batch goes past it.
 */
async function freshRead(path: string, input: unknown, cookie = '') {
  const inputs = input === undefined ? {} : { 1: superjson.serialize(input) };
  const url = `/trpc/auth.me,${path}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  const res = await fetch(running.url + url, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return (await json(res))[1].result.data;
}

interface LegacyQuestion {
  _id: string;
}

async function legacyList(query = 'order=newest&search=') {
  const res = await fetch(`${running.url}/question/getQuestion?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as LegacyQuestion[];
}

async function legacyOne(qid: number) {
  return (await (await fetch(`${running.url}/question/getQuestionById/${qid}`)).json()) as object;
}

describe('a cached answer is never stale after the write that changes it has been acknowledged', () => {
  let asker = '';
  let reader = '';
  let qid = 0;
  let answerId = 0;

  const orders = ['newest', 'active', 'unanswered', 'mostViewed'] as const;
  const reads = (): [string, unknown, string][] => [
    ...orders.map((order): [string, unknown, string] => ['question.list', { order }, '']),
    ['question.list', { order: 'newest', search: '[react] hooks' }, ''],
    ['question.list', { order: 'active', search: 'effect' }, ''],
    ...(qid
      ? [asker, reader, ''].map((cookie): [string, unknown, string] => [
          'question.byId',
          { qid },
          cookie,
        ])
      : []),
    ['tag.list', undefined, ''],
  ];

  /** Every cached route (primed before the write) answers what tRPC computes now. */
  async function expectEveryReadFresh() {
    for (const [path, input, cookie] of reads()) {
      const cached = await cachedRead(path, input, cookie);
      expect(cached, `${path} ${JSON.stringify(input)}`).toEqual(
        await freshRead(path, input, cookie),
      );
    }
    // The original client's whole list: every question as its own page shows it.
    for (const order of orders) {
      const list = await legacyList(`order=${order}&search=`);
      const page = await cachedRead('question.list', { order, limit: 100 });
      expect(list.map((q) => Number(q._id))).toEqual(
        page.json.items.map((q: { id: number }) => q.id),
      );
    }
    // The original client's tag list, kept apart: as tag.list is now.
    const tags = (
      (await freshRead('tag.list', undefined)) as { json: { name: string; qcnt: number }[] }
    ).json;
    const legacyTags = (await (
      await fetch(`${running.url}/tag/getTagsWithQuestionNumber`)
    ).json()) as {
      name: string;
      qcnt: number;
    }[];
    expect(legacyTags.map(({ name, qcnt }) => ({ name, qcnt }))).toEqual(
      tags.map(({ name, qcnt }) => ({ name, qcnt })),
    );
    if (!qid) return;
    const found = (await legacyList()).find((q) => Number(q._id) === qid);
    const one = await legacyOne(qid);
    expect(found).toEqual(one);
    // The original client's question by id, kept apart: as the question page is now.
    const page = ((await freshRead('question.byId', { qid })) as { json: unknown }).json as {
      title: string;
      viewCount: number;
      upVotes: string[];
      answers: { text: string; comments: { text: string }[] }[];
    };
    expect(one).toMatchObject({
      title: page.title,
      views: Array.from({ length: page.viewCount }, () => ''),
      upVotes: page.upVotes,
      answers: page.answers.map((answer) => ({
        text: answer.text,
        comments: answer.comments.map(({ text }) => ({ text })),
      })),
    });
  }

  async function primeEveryRead() {
    for (const [path, input, cookie] of reads()) await cachedRead(path, input, cookie);
    for (const order of orders) await legacyList(`order=${order}&search=`);
    if (qid) await legacyOne(qid);
    await fetch(`${running.url}/tag/getTagsWithQuestionNumber`);
  }

  beforeAll(async () => {
    asker = await signUp('cache_asker');
    reader = await signUp('cache_reader');
    for (const title of ['First question here', 'Second question here'])
      await mutate('question.create', { title, text: 'Some text', tags: ['react'] }, asker);
  });

  it('after asking a question', async () => {
    await primeEveryRead();
    const { question } = await mutate<{ question: { id: number } }>(
      'question.create',
      { title: 'How do hooks work?', text: 'Explain useEffect please.', tags: ['react', 'hooks'] },
      asker,
    );
    qid = question.id;
    await expectEveryReadFresh();
  });

  it('after answering, commenting and voting', async () => {
    await primeEveryRead();
    const { answer } = await mutate<{ answer: { id: number } }>(
      'answer.create',
      { qid, text: 'Like this.' },
      reader,
    );
    answerId = answer.id;
    await expectEveryReadFresh();
    await mutate('comment.create', { id: qid, type: 'question', text: 'Nice.' }, reader);
    await expectEveryReadFresh();
    await mutate('comment.create', { id: answerId, type: 'answer', text: 'Thanks.' }, asker);
    await expectEveryReadFresh();
    await mutate('question.vote', { qid, vote: 'up' }, reader);
    await expectEveryReadFresh();
  });

  it('after a view, which patches the cached page instead of dropping it', async () => {
    await primeEveryRead();
    const before = await cachedRead('question.byId', { qid });
    await mutate('question.view', { qid }, reader);
    const after = await cachedRead('question.byId', { qid });
    expect(after.json.viewCount).toBe(before.json.viewCount + 1);
    await expectEveryReadFresh();
  });

  it('after the kinds of change added later: answer votes, acceptance, edits', async () => {
    await primeEveryRead();
    await mutate('answer.vote', { answerId, vote: 'up' }, asker);
    await expectEveryReadFresh();
    await mutate('answer.accept', { answerId }, asker);
    await expectEveryReadFresh();
    await mutate(
      'question.update',
      { qid, title: 'How do hooks really work?', text: 'Explain useEffect.', tags: ['hooks'] },
      asker,
    );
    await expectEveryReadFresh();
  });

  it('after an edit of a question or of its answer, which moves the question to the top of Active', async () => {
    const activeTop = async () =>
      (await cachedRead('question.list', { order: 'active' })).json.items[0] as {
        id: number;
        lastActivityKind: string;
      };
    const { items } = (await cachedRead('question.list', { order: 'newest' })).json;
    const other = (items as { id: number }[]).find((q) => q.id !== qid)?.id ?? 0;
    const bumpOther = () =>
      mutate('comment.create', { id: other, type: 'question', text: 'Bump.' }, reader);

    await bumpOther();
    await primeEveryRead();
    expect((await activeTop()).id).toBe(other);
    await mutate('answer.update', { answerId, text: 'Like this, with an example.' }, reader);
    expect(await activeTop()).toMatchObject({ id: qid, lastActivityKind: 'modified' });
    await expectEveryReadFresh();

    await bumpOther();
    await primeEveryRead();
    expect((await activeTop()).id).toBe(other);
    await mutate(
      'question.update',
      {
        qid,
        title: 'How do hooks really work?',
        text: 'Explain useEffect again.',
        tags: ['hooks'],
      },
      asker,
    );
    expect(await activeTop()).toMatchObject({ id: qid, lastActivityKind: 'modified' });
    await expectEveryReadFresh();
  });

  it('after any event of the question topic, even a kind the cache has never heard of', async () => {
    await primeEveryRead();
    const fresh = await freshRead('question.byId', { qid });
    // Change the question behind the cache's back, then announce it with an unknown kind of event.
    await running.db.$writer.transaction(async (tx) => {
      await tx.update(questions).set({ title: 'Renamed' }).where(eq(questions.id, qid));
    });
    const renamed = await running.db.$writer.transaction((tx) =>
      running.deps.events.append(
        tx,
        [{ topic: 'question', key: String(qid), payload: { type: 'renamed', qid } }],
        new Date(),
      ),
    );
    await running.deps.events.deliver(renamed);
    const cached = await cachedRead('question.byId', { qid });
    expect(cached.json.title).toBe('Renamed');
    expect(cached).not.toEqual(fresh);
    await expectEveryReadFresh();
  });
});

describe("a signed-in viewer's own vote state is never served from another viewer's cache entry", () => {
  it('each viewer reads their own vote on the question and its answers', async () => {
    const alice = await signUp('vote_alice');
    const bob = await signUp('vote_bob');
    const carol = await signUp('vote_carol');
    // Asked by carol: nobody votes on their own question.
    const { question } = await mutate<{ question: { id: number } }>(
      'question.create',
      { title: 'Whose vote is it', text: 'Some text', tags: ['votes'] },
      carol,
    );
    const qid = question.id;
    const { answer } = await mutate<{ answer: { id: number } }>(
      'answer.create',
      { qid, text: 'An answer.' },
      bob,
    );
    // Every viewer's entry exists before the votes.
    for (const cookie of [alice, bob, '']) await cachedRead('question.byId', { qid }, cookie);
    await mutate('question.vote', { qid, vote: 'up' }, alice);
    await mutate('answer.vote', { answerId: answer.id, vote: 'down' }, alice);
    const mine = (cookie: string) => cachedRead('question.byId', { qid }, cookie);
    for (let i = 0; i < 2; i++) {
      const [forAlice, forBob, forNobody] = await Promise.all([mine(alice), mine(bob), mine('')]);
      expect(forAlice.json.myVote).toBe(1);
      expect(forAlice.json.answers[0].myVote).toBe(-1);
      for (const other of [forBob, forNobody]) {
        expect(other.json.myVote).toBe(0);
        expect(other.json.answers[0].myVote).toBe(0);
        expect(other.json.upVotes).toEqual(['vote_alice']);
      }
    }
    // Signed out again, the same browser reads the shared answer.
    await mutate('auth.logout', {}, alice);
    expect((await mine(alice)).json.myVote).toBe(0);
  });
});

describe('viewing a question does not throw away its cached body', () => {
  it('a view patches the count in place; any other event of the question drops it', async () => {
    const events = await busOfItsOwn();
    const cache = await responseCacheOver(events);
    let reads = 0;
    const read = async () => {
      reads++;
      const data = { json: { id: 7, title: 'Seven', viewCount: 3, answers: [] } };
      return {
        part: JSON.stringify({ result: { data } }),
        dependency: { kind: 'question' as const, qid: 7 },
      };
    };
    await cache.entry('page', read);
    await events.deliver([
      { id: '1', topic: 'question', key: '7', payload: { type: 'viewed', qid: 7, viewCount: 12 } },
    ]);
    const patched = await cache.entry('page', read);
    expect(reads).toBe(1);
    expect(JSON.parse(patched?.part ?? '').result.data.json.viewCount).toBe(12);
    await events.deliver([
      { id: '2', topic: 'question', key: '8', payload: { type: 'renamed', qid: 8 } as never },
    ]);
    await cache.entry('page', read);
    expect(reads).toBe(1);
    await events.deliver([
      { id: '3', topic: 'question', key: '7', payload: { type: 'renamed', qid: 7 } as never },
    ]);
    await cache.entry('page', read);
    expect(reads).toBe(2);
  });
});

describe('the cache’s memory bound', () => {
  const answer = (qid: number, size: number) => async () => ({
    part: JSON.stringify({ result: { data: { json: { id: qid, text: 'x'.repeat(size) } } } }),
    dependency: { kind: 'question' as const, qid },
  });

  it('keeps at most its number of entries, dropping the least recently used', async () => {
    const cache = await responseCacheOver(await busOfItsOwn(), {
      entries: 3,
      bytes: 1024 * 1024,
    });
    for (const qid of [1, 2, 3]) await cache.entry(`q${qid}`, answer(qid, 10));
    await cache.entry('q1', answer(1, 10)); // used again: now the most recent
    await cache.entry('q4', answer(4, 10));
    expect(cache.size.entries).toBe(3);
    let reads = 0;
    const counted = (qid: number) => async () => (reads++, answer(qid, 10)());
    await cache.entry('q1', counted(1));
    await cache.entry('q2', counted(2));
    expect(reads).toBe(1); // q2 was the one dropped, q1 was kept
  });

  it('counts every body it holds, compressed forms included, and stays within its bytes', async () => {
    const limit = 64 * 1024;
    const cache = await responseCacheOver(await busOfItsOwn(), {
      entries: 1000,
      bytes: limit,
    });
    let held = 0;
    for (let qid = 1; qid <= 40; qid++) {
      const entry = await cache.entry(`q${qid}`, answer(qid, 4000));
      // Each read makes the bodies a request would: alone and as a batch, each compressed two ways.
      for (const batch of [false, true]) {
        const body = entry!.body(batch);
        await body.encodedAs('br');
        await body.encodedAs('gzip');
        held = body.bytes;
      }
      expect(cache.size.bytes).toBeLessThanOrEqual(limit);
    }
    // The last entry's part and its four bodies are all counted.
    expect(cache.size.bytes).toBeGreaterThanOrEqual(2 * held);
  });
});

describe('revalidation', () => {
  it('answers 304 to If-None-Match with the current ETag, and 200 with a new one after a change', async () => {
    const cookie = await signUp('etag_user');
    const url = running.url + queryUrl('question.list', { order: 'newest' });
    const first = await fetch(url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await mutate('question.create', { title: 'A new one', text: 'Text', tags: ['etag'] }, cookie);
    const changed = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const legacy = await fetch(`${running.url}/question/getQuestion?order=newest`);
    const legacyTag = legacy.headers.get('etag') ?? '';
    const legacyAgain = await fetch(`${running.url}/question/getQuestion?order=newest`, {
      headers: { 'if-none-match': legacyTag },
    });
    expect(legacyAgain.status).toBe(304);
  });

  it('keeps a viewer-specific answer out of shared caches', async () => {
    const res = await fetch(running.url + queryUrl('question.byId', { qid: 1 }));
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
  });
});

describe('compression', () => {
  const fetchRaw = async (path: string, encoding: string) => {
    const res = await fetch(running.url + path, { headers: { 'accept-encoding': encoding } });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('sends bodies over 1 KB compressed when the client asks, and the same JSON', async () => {
    const path = '/question/getQuestion?order=newest';
    const plain = await fetchRaw(path, 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.length).toBeGreaterThan(1024);
    // Node's fetch decodes on its own: read what came over the wire through a raw request.
    const { request } = await import('node:http');
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(running.url + path, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
  });

  it('compresses what tRPC answers past the cache too', async () => {
    const inputs = { 1: superjson.serialize({ order: 'newest', limit: 100 }) };
    const url = `/trpc/auth.me,question.list?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
    const { request } = await import('node:http');
    const answer = await new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
      request(running.url + url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
    expect(answer.encoding).toBe('gzip');
    const [, list] = JSON.parse(gunzipSync(answer.body).toString());
    expect(list.result.data.json.items.length).toBeGreaterThan(3);
  });

  it('leaves small bodies as they are', async () => {
    const { res } = await fetchRaw(queryUrl('auth.me'), 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it("serves the web build's hashed assets for a year, immutable, compressed", async () => {
    const { request } = await import('node:http');
    const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        request(
          `${running.url}/assets/index-Bq3x9Z.js`,
          { headers: { 'accept-encoding': 'br' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
          .on('error', reject)
          .end();
      },
    );
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString()).toBe(bundle);
    const plain = await fetch(`${running.url}/assets/index-Bq3x9Z.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe(bundle);
    expect((await fetch(`${running.url}/assets/index-Gone00.js`)).status).toBe(404);
  });
});

describe('/trpc on the node:http server', () => {
  it('answers a batch of cached reads as tRPC would, and errors in tRPC’s words', async () => {
    const inputs = { 0: superjson.serialize({ order: 'newest' }) };
    const batch = await fetch(
      `${running.url}/trpc/question.list,tag.list?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
    );
    const [list, tags] = await json(batch);
    expect(list.result.data).toEqual(await freshRead('question.list', { order: 'newest' }));
    expect(tags.result.data).toEqual(await freshRead('tag.list', undefined));

    const missing = await fetch(running.url + queryUrl('question.byId', { qid: 999999 }));
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.json.message).toBe('Question not found');
    const bad = await fetch(running.url + queryUrl('question.list', { order: 'sideways' }));
    expect(bad.status).toBe(400);
  });

  it('keeps the security headers and the checks on changes', async () => {
    const res = await fetch(running.url + queryUrl('tag.list'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const crossSite = await fetch(`${running.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(`${running.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
  });
});
