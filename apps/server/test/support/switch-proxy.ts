import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A load balancer in front of several servers, reduced to what a reconnection test needs: one
 * address whose TCP connections go to the server it points at now. `cut()` drops every connection
 * and refuses new ones (the network is away); `to(url)` lets them through again, to that server.
 */
export interface SwitchProxy {
  url: string;
  to(url: string): void;
  cut(): void;
  close(): Promise<void>;
}

export async function startSwitchProxy(initial: string): Promise<SwitchProxy> {
  let target: URL | null = new URL(initial);
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!target) return void client.destroy();
    const upstream = connect(Number(target.port), target.hostname);
    for (const end of [client, upstream]) {
      open.add(end);
      end.once('close', () => open.delete(end));
      end.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  const cut = () => {
    target = null;
    for (const end of open) end.destroy();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    to(url) {
      target = new URL(url);
    },
    cut,
    async close() {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
