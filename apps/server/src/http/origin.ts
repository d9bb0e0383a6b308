import type { IncomingMessage } from 'node:http';
import { isHttps } from './context';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Our own origin as the browser sees it: the Host it asked for, over http or https. */
function ownOrigin(req: IncomingMessage): string | null {
  const host = header(req, 'host');
  if (!host) return null;
  try {
    return new URL(`${isHttps(req) ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request that acts with the user's cookie may come from where it says it comes from: our
 * own pages (same scheme, host and port), a trusted origin, or a client that is not a browser. A
 * browser names the page's Origin on every POST and WebSocket; without one, Sec-Fetch-Site says
 * whether the page was ours; a request with neither came from no web page (curl, a script, a test).
 */
export function isAllowedOrigin(req: IncomingMessage, trustedOrigins: readonly string[]): boolean {
  const origin = header(req, 'origin');
  if (origin !== undefined) {
    let claimed: string;
    try {
      claimed = new URL(origin).origin;
    } catch {
      return false;
    }
    // An opaque origin ('null': a sandboxed frame, a file) serializes as 'null': never ours.
    if (claimed === 'null') return false;
    return claimed === ownOrigin(req) || trustedOrigins.includes(claimed);
  }
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}
