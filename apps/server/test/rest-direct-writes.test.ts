import { transportMessages } from '@app/validators';
import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { restRouter } from '../src/legacy/rest';
import { createDirectRestWrites } from '../src/legacy/rest/direct-writes';
import { createLogger } from '../src/ops/log';
import { RestClient, signedUp, type Answer } from './support/rest-test-client';
import { useTestServer } from './support/test-server';

// The original client's writes are answered before Express when this door reads them as Express
// would; a query string sends the same write through Express. Both must answer alike.

const running = useTestServer();
const url = () => running.url;
const CLIENT = 'http://localhost:3000';
const EVIL = 'https://evil.example';

/** What must not differ between the two doors: everything but what changes per request. */
function answerOf(res: Answer) {
  const headers = Object.fromEntries(
    [...res.headers]
      .filter(([name]) => !['date', 'x-request-id', 'content-length', 'keep-alive'].includes(name))
      .map(([name, value]) => [
        name,
        name === 'set-cookie' ? value.replace(/=[^;]*/, '=…') : value,
      ]),
  );
  return { status: res.status, headers };
}

async function bothDoors(
  client: RestClient,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<[Answer, Answer]> {
  // Both with the same cookies: the first answer's XSRF cookie would change the second request.
  const cookies = new Map(client.cookies);
  const direct = await client.post(path, body, headers);
  client.cookies = cookies;
  const express = await client.post(`${path}?through=express`, body, headers);
  return [direct, express];
}

describe('REST writes before Express', () => {
  let ann: RestClient;
  let chatId: string;
  beforeAll(async () => {
    ann = await signedUp(url, 'direct_ann');
    await signedUp(url, 'direct_bob');
    const chat = await ann.post('/chat/createChat', {
      participants: ['direct_ann', 'direct_bob'],
      messages: [],
    });
    chatId = chat.json._id;
  });

  it('answer a write as Express does: status, headers and the same kind of body', async () => {
    const [direct, express] = await bothDoors(ann, '/messaging/addMessage', {
      messageToAdd: { msg: 'hello twice', msgFrom: 'direct_ann' },
    });
    expect(direct.status).toBe(200);
    expect(answerOf(direct)).toEqual(answerOf(express));
    expect(Object.keys(direct.json)).toEqual(Object.keys(express.json));
    expect(direct.json.msg).toBe('hello twice');
    expect(direct.headers.get('cache-control')).toBe('no-store');
    expect(direct.headers.get('etag')).toBeNull();
  });

  it('take route parameters: a chat message answers the whole chat', async () => {
    const [direct, express] = await bothDoors(ann, `/chat/${chatId}/addMessage`, {
      msg: 'in the chat',
      msgFrom: 'direct_ann',
    });
    expect(answerOf(direct)).toEqual(answerOf(express));
    const texts = (answer: Answer) => answer.json.messages.map((m: { msg: string }) => m.msg);
    expect(texts(direct)).toEqual(['in the chat']);
    expect(texts(express)).toEqual(['in the chat', 'in the chat']);
    const unknown = await bothDoors(ann, '/chat/999999/addMessage', {
      msg: 'nobody',
      msgFrom: 'direct_ann',
    });
    expect(unknown[0].status).toBe(404);
    expect({ ...answerOf(unknown[0]), text: unknown[0].text }).toEqual({
      ...answerOf(unknown[1]),
      text: unknown[1].text,
    });
  });

  it('refuse alike: signed out, someone else’s name, a body that is no JSON object, or none', async () => {
    const anonymous = new RestClient(url);
    const cases: [RestClient, unknown][] = [
      [anonymous, { messageToAdd: { msg: 'hi', msgFrom: 'direct_ann' } }],
      [ann, { messageToAdd: { msg: 'hi', msgFrom: 'direct_bob' } }],
      [ann, '{"messageToAdd": '],
      [ann, '"just a string"'],
      [ann, '[1, 2]'],
      [ann, ''],
      [ann, { messageToAdd: { msg: '   ', msgFrom: 'direct_ann' } }],
    ];
    for (const [client, body] of cases) {
      const [direct, express] = await bothDoors(client, '/messaging/addMessage', body);
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect({ ...answerOf(direct), text: direct.text }).toEqual({
        ...answerOf(express),
        text: express.text,
      });
    }
  });

  it('keep the guard: CORS for CLIENT_ORIGINS, other origins refused, the XSRF double submit', async () => {
    const body = { messageToAdd: { msg: 'from a page', msgFrom: 'direct_ann' } };
    const fromClient = await bothDoors(ann, '/messaging/addMessage', body, { origin: CLIENT });
    expect(fromClient[0].status).toBe(200);
    expect(fromClient[0].headers.get('access-control-allow-origin')).toBe(CLIENT);
    expect(answerOf(fromClient[0])).toEqual(answerOf(fromClient[1]));

    const fromEvil = await bothDoors(ann, '/messaging/addMessage', body, { origin: EVIL });
    expect(fromEvil[0].status).toBe(403);
    expect(fromEvil[0].text).toBe(transportMessages.crossSite);
    expect(answerOf(fromEvil[0])).toEqual(answerOf(fromEvil[1]));

    const forged = await bothDoors(ann, '/messaging/addMessage', body, {
      'x-xsrf-token': 'not-the-cookie',
    });
    expect(forged[0].status).toBe(403);
    expect(forged[0].text).toBe(transportMessages.unverified);
    expect(answerOf(forged[0])).toEqual(answerOf(forged[1]));

    const token = ann.cookies.get('XSRF-TOKEN') ?? '';
    expect(token).not.toBe('');
    const held = await bothDoors(ann, '/messaging/addMessage', body, { 'x-xsrf-token': token });
    expect(held[0].status).toBe(200);
    expect(answerOf(held[0])).toEqual(answerOf(held[1]));
  });
});

describe('which writes the direct door takes', () => {
  const take = createDirectRestWrites(
    restRouter({
      createRequestContext: () => Promise.reject(new Error('not called: the answer is refused')),
      clientOrigins: [],
      trustedOrigins: [],
      log: createLogger({ level: 'silent' }),
    }),
    { clientOrigins: [], trustedOrigins: [] },
  );
  /** Whether the door takes the request (it answers a refusal from a foreign origin at once). */
  const takes = (method: string, path: string, headers: Record<string, string> = {}) => {
    const req = Object.assign(Readable.from([]), {
      method,
      url: path,
      headers: {
        'content-type': 'application/json',
        'content-length': '2',
        origin: EVIL,
        host: '127.0.0.1',
        ...headers,
      },
    }) as unknown as IncomingMessage;
    const res = {
      statusCode: 0,
      setHeader() {},
      appendHeader() {},
      end() {},
    } as unknown as ServerResponse;
    return take(req, res, []);
  };

  it('takes every POST route restRoute built, its parameters included', () => {
    expect(takes('POST', '/messaging/addMessage')).toBe(true);
    expect(takes('POST', '/chat/12/addMessage')).toBe(true);
    expect(takes('POST', '/question/upvoteQuestion')).toBe(true);
    expect(takes('POST', '/comment/addComment')).toBe(true);
    expect(takes('POST', '/user/login')).toBe(true);
  });

  it('leaves to Express what it does not read as Express would', () => {
    expect(takes('GET', '/messaging/getMessages')).toBe(false);
    expect(takes('PATCH', '/user/updateBiography')).toBe(false);
    expect(takes('POST', '/messaging/addMessage?x=1')).toBe(false);
    expect(takes('POST', '/chat/%31/addMessage')).toBe(false);
    expect(takes('POST', '/messaging/addMessage/')).toBe(false);
    expect(takes('POST', '/Messaging/addMessage')).toBe(false);
    expect(takes('POST', '/messaging/nothing')).toBe(false);
    expect(takes('POST', '/messaging/addMessage', { 'content-type': 'text/plain' })).toBe(false);
    expect(
      takes('POST', '/messaging/addMessage', {
        'content-type': 'application/json; charset=latin1',
      }),
    ).toBe(false);
    expect(takes('POST', '/messaging/addMessage', { 'content-encoding': 'gzip' })).toBe(false);
    expect(takes('POST', '/messaging/addMessage', { 'content-length': '' })).toBe(false);
    expect(takes('POST', '/messaging/addMessage', { 'content-length': '99999999' })).toBe(false);
  });
});
