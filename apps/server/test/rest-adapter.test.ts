import express from 'express';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreateRequestContext } from '../src/http/context';
import { restRoute, type RestHandler } from '../src/legacy/rest/adapter';
import { createLogger } from '../src/ops/log';

// The handlers below call no procedure: the context is never read.
const noContext = (async () => ({})) as unknown as CreateRequestContext;
const door = { createRequestContext: noContext, log: createLogger({ level: 'silent' }) };

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(handler: RestHandler): Promise<number> {
  const app = express();
  app.post('/run', restRoute(door, handler));
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function barrier() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a REST call whose client goes away', () => {
  it('aborts the signal its procedures get, so a code run is given up', async () => {
    const started = barrier();
    const aborted = barrier();
    const port = await serve(async (_req, _res, { signal }) => {
      signal.addEventListener('abort', aborted.open);
      started.open();
      await aborted.opened;
      return { ok: false };
    });
    const socket = connect(port, '127.0.0.1');
    socket.write('POST /run HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n');
    await started.opened;
    socket.destroy();
    await aborted.opened;
  });

  it('leaves the signal alone once the answer was sent', async () => {
    const closed = barrier();
    let seen: AbortSignal | undefined;
    const port = await serve(async (_req, res, { signal }) => {
      seen = signal;
      res.once('close', closed.open);
      return { ok: true };
    });
    const answer = await fetch(`http://127.0.0.1:${port}/run`, { method: 'POST' });
    expect(await answer.json()).toEqual({ ok: true });
    await closed.opened;
    expect(seen?.aborted).toBe(false);
  });
});
