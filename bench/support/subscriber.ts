/**
 * A subscriber to the global chat (message.onMessage) over tRPC's WebSocket protocol, spoken
 * directly: the benches measure the server, not a client library.
 */
import WebSocket from 'ws';

interface Data {
  id: number;
  // A tracked event travels as { id, data } inside the transformer's envelope.
  result?: {
    type: 'started' | 'data' | 'stopped';
    data?: { json: { data: { message: { msg: string } } } };
  };
  error?: unknown;
}

/** One subscriber over tRPC's WebSocket protocol, raw: the bench measures the server, not a client. */
export function subscribe(url: string, cookie: string, onMessage: (msg: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie } });
    ws.on('error', reject);
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          id: 1,
          method: 'subscription',
          params: { path: 'message.onMessage', input: { json: {} } },
        }),
      ),
    );
    ws.on('message', (raw) => {
      const text = String(raw);
      // tRPC's keep-alive (every 30 s): a client that does not answer is closed.
      if (text === 'PING') return ws.send('PONG');
      const frame = JSON.parse(text) as Data;
      if (frame.error) reject(new Error(JSON.stringify(frame.error)));
      else if (frame.result?.type === 'started') resolve(ws);
      else if (frame.result?.type === 'data' && frame.result.data)
        onMessage(frame.result.data.json.data.message.msg);
    });
  });
}
