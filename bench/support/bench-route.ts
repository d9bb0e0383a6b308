/**
 * A route of writes.bench.ts: what it sends, what it is held to, and its twin through the other
 * door (a REST route's tRPC procedure).
 */
import superjson from 'superjson';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A write held to a ratio of bare node:http and a p99 (issue 25's targets). */
export interface WriteTarget {
  ratio: number;
  p99: number;
}

export interface BenchRoute {
  part: 'tRPC write' | 'REST write' | 'tRPC read' | 'REST read';
  /** Unique; a REST route's `twin` names its tRPC twin by this. */
  name: string;
  /** The next request: a write's are new each call (in turn over its targets); a read's the same. */
  next: () => RequestSpec;
  /** Writes whose every request differs go through autocannon's setupRequest; reads are fixed. */
  varies: boolean;
  target?: WriteTarget;
  twin?: string;
  /** Answers of many megabytes: Node's http client drains them in longer slices (load.ts). */
  drain?: boolean;
  /** Requests that make one counted unit (a web visit is the page and the view): req/s ÷ this. */
  requestsEach?: number;
}

export const trpcBody = (input: unknown) => JSON.stringify(superjson.serialize(input));

export const trpcGet = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}`;

export const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** What a browser (and the original client's axios) sends with a read. */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'br, gzip, deflate',
};

/** A write: POST of a JSON body, as the signed-in holder of `cookie`. */
export const post = (path: string, cookie: string, body: string): RequestSpec => ({
  method: 'POST',
  path,
  headers: { ...JSON_HEADERS, cookie },
  body,
});
