/** The tRPC WebSocket address on the page's own host: ws://host/trpc, or wss:// on an https page. */
export function wsUrlFor(location: Pick<Location, 'protocol' | 'host'>, path = '/trpc'): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}
