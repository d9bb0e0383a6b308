import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { NodeHTTPRequest, NodeHTTPResponse } from '@trpc/server/adapters/node-http';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import {
  answerTrpcFailure,
  procedureEntries,
  procedureTypes,
  serveTrpcRequest,
  subscriptionPaths,
  transformerOf,
  trpcRefusal,
} from '../src/trpc/trpc-internals';

// The contract of the pinned @trpc/server with the one file that reaches into it: each internal the
// server relies on, held against a tiny real router. A tRPC upgrade that changes one fails here.

const t = initTRPC.create({ transformer: superjson, isDev: false });
/** An input parser as tRPC takes it: a function that answers the input or throws. */
const input = (value: unknown) => value as { id: number };
const router = t.router({
  ping: t.procedure.query(() => 'pong'),
  echo: t.procedure.input(input).query(({ input }) => input),
  refuse: t.procedure
    .input((value: unknown) => value as { code: TRPC_ERROR_CODE_KEY; message: string })
    .mutation(({ input }) => {
      throw new TRPCError({ code: input.code, message: input.message });
    }),
  nested: t.router({
    rename: t.procedure.mutation(() => 'renamed'),
    onChange: t.procedure.subscription(async function* () {
      yield 1;
    }),
  }),
});

describe('the router definition (_def.procedures)', () => {
  it('lists every procedure by its dotted path, nested routers flattened, with its type', () => {
    expect(Object.fromEntries(procedureTypes(router))).toEqual({
      ping: 'query',
      echo: 'query',
      refuse: 'mutation',
      'nested.rename': 'mutation',
      'nested.onChange': 'subscription',
    });
    expect([...subscriptionPaths(router)]).toEqual(['nested.onChange']);
  });

  it('keeps each procedure’s input parsers, the schema given to .input() first', () => {
    const echo = procedureEntries(router).find((entry) => entry.path === 'echo');
    expect(echo?.inputs[0]).toBe(input);
    expect(procedureEntries(router).find((entry) => entry.path === 'ping')?.inputs).toEqual([]);
  });
});

describe('the router’s transformer (_def._config.transformer)', () => {
  it('serializes outputs and reads inputs as the router’s transformer does', () => {
    const transformer = transformerOf(router);
    const value = { at: new Date(0), ids: new Set([1, 2]) };
    expect(transformer.output.serialize(value)).toEqual(superjson.serialize(value));
    expect(transformer.input.deserialize(superjson.serialize(value))).toEqual(value);
    expect(transformer.input.serialize(value)).toEqual(superjson.serialize(value));
    expect(transformer.output.deserialize(superjson.serialize(value))).toEqual(value);
  });
});

/** tRPC's own answer to a call that throws `code` with `message`. */
async function trpcAnswerTo(code: TRPC_ERROR_CODE_KEY, message: string) {
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    router,
    req: new Request('http://localhost/trpc/refuse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(superjson.serialize({ code, message })),
    }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('a refusal written before tRPC sees the request', () => {
  it.each([
    'FORBIDDEN',
    'UNSUPPORTED_MEDIA_TYPE',
    'METHOD_NOT_SUPPORTED',
    'PAYLOAD_TOO_LARGE',
  ] as const)('reads as tRPC’s own answer to a %s', async (code) => {
    const ours = trpcRefusal(router, code, 'Our sentence.');
    const theirs = await trpcAnswerTo(code, 'Our sentence.');
    expect(ours.status).toBe(theirs.status);
    // tRPC's shape also names the procedure's path, which a refusal before routing has none of.
    expect(theirs.body).toMatchObject(ours.body);
    expect(theirs.body).toEqual({
      error: {
        json: { ...(ours.body.error as { json: object }).json, data: expect.anything() },
      },
    });
  });
});

/** A node:http server whose every request is served by `handle`; answers its base URL. */
async function serve(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the node adapter (nodeHTTPRequestHandler, internal_exceptionHandler)', () => {
  it('serves a call of the given path on node:http', async () => {
    const server = await serve((req, res) => {
      const path = (req.url ?? '').split('?')[0]?.slice('/trpc/'.length) ?? '';
      void serveTrpcRequest({ router, req, res, path });
    });
    try {
      const query = encodeURIComponent(JSON.stringify(superjson.serialize({ id: 7 })));
      const answer = await fetch(`${server.url}/trpc/echo?input=${query}`);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { result: { data: unknown } };
      expect(superjson.deserialize(body.result.data as never)).toEqual({ id: 7 });
    } finally {
      await server.close();
    }
  });

  it('answers a failure of the handler itself with the router’s error shape and status 500', () => {
    const written: { status?: number; body?: string } = {};
    const res = {
      set statusCode(status: number) {
        written.status = status;
      },
      end(body: string) {
        written.body = body;
      },
    } as unknown as NodeHTTPResponse;
    const errors: string[] = [];
    answerTrpcFailure({
      router,
      req: {} as NodeHTTPRequest,
      res,
      path: 'ping',
      onError: ({ error }) => errors.push(error.code),
    })(new Error('broken'));
    expect(written.status).toBe(500);
    expect(JSON.parse(written.body ?? '')).toEqual({
      error: {
        json: {
          message: 'broken',
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
        },
      },
    });
    expect(errors).toEqual(['INTERNAL_SERVER_ERROR']);
  });
});
