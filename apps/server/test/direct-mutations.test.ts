import { request } from 'node:http';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/test-server';

// A mutation sent as our clients send it (JSON with its length, alone or as a batch of one) is
// answered by the server's direct path (trpc-http.ts: directMutation); the same call sent without a
// length (chunked) goes through tRPC's own handler. Both must answer alike: status, type and body.
const running = useTestServer();

interface Answer {
  status: number;
  type: string | undefined;
  vary: string | undefined;
  body: string;
  cookie: string;
  /** How the answer was framed: the direct path ends with its whole body, tRPC's streams it. */
  chunked: boolean;
}

function post(path: string, body: string, how: 'direct' | 'tRPC', cookie = ''): Promise<Answer> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path: `/trpc/${path}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(cookie ? { cookie } : {}),
          ...(how === 'direct'
            ? { 'content-length': Buffer.byteLength(body) }
            : { 'transfer-encoding': 'chunked' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            vary: res.headers.vary,
            body: Buffer.concat(chunks).toString('utf8'),
            cookie: String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '',
            chunked: res.headers['transfer-encoding'] === 'chunked',
          }),
        );
      },
    );
    req.on('error', reject);
    // Sent in two pieces, so the tRPC way is really chunked.
    req.write(body.slice(0, 1));
    req.end(body.slice(1));
  });
}

/** The same call both ways, with the parts that must not differ. */
async function bothWays(path: string, body: string, cookie = '') {
  const [direct, viaTrpc] = await Promise.all(
    (['direct', 'tRPC'] as const).map((how) => post(path, body, how, cookie)),
  );
  // Each went the way it was meant to.
  expect([direct!.chunked, viaTrpc!.chunked]).toEqual([false, true]);
  const seen = ({ status, type, vary, body }: Answer) => ({ status, type, vary, body });
  return { direct: seen(direct!), viaTrpc: seen(viaTrpc!) };
}

const json = (input: unknown) => JSON.stringify(superjson.serialize(input));

describe('a mutation answered directly', () => {
  it('answers a body that is not JSON as tRPC does', async () => {
    const { direct, viaTrpc } = await bothWays('auth.login', '{"json": ');
    expect(direct.status).toBe(400);
    expect(direct).toEqual(viaTrpc);
  });

  it('answers an input the schema refuses as tRPC does, field errors included', async () => {
    const { direct, viaTrpc } = await bothWays(
      'auth.signup',
      json({ username: 'x', password: '' }),
    );
    expect(direct.status).toBe(400);
    expect(direct).toEqual(viaTrpc);
  });

  it('answers a change asked for signed out as tRPC does', async () => {
    const { direct, viaTrpc } = await bothWays('question.vote', json({ qid: 1, vote: 'up' }));
    expect(direct.status).toBe(401);
    expect(direct).toEqual(viaTrpc);
  });

  it('answers a batch of one whose body is not an object as tRPC does', async () => {
    const { direct, viaTrpc } = await bothWays('auth.login?batch=1', '[1]');
    expect(direct.status).toBe(400);
    expect(direct).toEqual(viaTrpc);
  });

  it('answers a batch of one as a list of one, as tRPC does', async () => {
    const signedUp = await post(
      'auth.signup',
      json({ username: 'direct_voter', password: 'password123' }),
      'direct',
    );
    const { direct, viaTrpc } = await bothWays(
      'question.vote?batch=1',
      JSON.stringify({ 0: superjson.serialize({ qid: 999_999, vote: 'up' }) }),
      signedUp.cookie,
    );
    expect(direct.status).toBe(404);
    expect(JSON.parse(direct.body)).toHaveLength(1);
    expect(direct).toEqual(viaTrpc);
  });

  it('answers a success with the same body as tRPC, alone and as a batch of one', async () => {
    for (const [suffix, wrap] of [
      ['', (input: unknown) => json(input)],
      ['?batch=1', (input: unknown) => JSON.stringify({ 0: superjson.serialize(input) })],
    ] as const) {
      const name = (how: string) => `twin_${how}${suffix ? '_batch' : ''}`;
      const [direct, viaTrpc] = await Promise.all(
        (['direct', 'tRPC'] as const).map((how) =>
          post(`auth.signup${suffix}`, wrap({ username: name(how), password: 'password123' }), how),
        ),
      );
      expect(direct!.status).toBe(200);
      expect(direct!.cookie).toMatch(/^qa_session=/);
      // The same answer but for the name, its id and when it joined.
      const same = (answer: Answer, how: string) =>
        answer.body
          .replaceAll(name(how), 'NAME')
          .replace(/"id":\d+/g, '"id":0')
          .replace(/"\d{4}-\d\d-\d\dT[^"]+"/g, '"TIME"');
      expect(same(direct!, 'direct')).toBe(same(viaTrpc!, 'tRPC'));
      expect([direct!.type, direct!.vary]).toEqual([viaTrpc!.type, viaTrpc!.vary]);
    }
  });
});
