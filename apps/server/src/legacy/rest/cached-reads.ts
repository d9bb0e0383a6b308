import type { ReadCache } from '@app/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { markDoor } from '../../http/request-log';
import { sendCachedBody, type CachedBody } from '../../http/response-cache';
import { keptQuestionBody } from './question-list-body';
import { clientOriginHeaders, XSRF_HEADER, xsrfCookieFor } from './security';
import { keptTagList } from './tag';

const QUESTION_BY_ID = /^\/question\/getQuestionById\/([1-9]\d{0,8})$/;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The kept body a read names, or null when the read is not one of these or the cache lacks it. */
function keptBodyFor(cache: ReadCache, path: string, query: string): Promise<CachedBody | null> {
  if (path === '/tag/getTagsWithQuestionNumber') return keptTagList(cache);
  const qid = QUESTION_BY_ID.exec(path)?.[1];
  // With ?username= the visit counts: that is a write, for the route itself.
  if (qid && !new URLSearchParams(query).has('username'))
    return keptQuestionBody(cache, Number(qid));
  return Promise.resolve(null);
}

/**
 * The original client's reads whose answer is a body the read cache keeps (the tag list, a question
 * by id), answered straight from it, as /trpc's cached reads are, without Express's middleware
 * chain: with the REST guard's part for a GET (CORS for CLIENT_ORIGINS with credentials, the XSRF
 * cookie). Every header goes out in the one writeHead with `headers` (the server's own for every
 * answer): a setHeader before it sends Node down its slower merging path. Anything else (a page
 * asked for as HTML, a sent XSRF header, a body not kept yet, which the route then reads and keeps)
 * answers false before touching the response, for Express.
 */
export function createCachedRestReads(opts: {
  readCache: ReadCache;
  clientOrigins: readonly string[];
}): (req: IncomingMessage, res: ServerResponse, headers: readonly string[]) => Promise<boolean> {
  return async (req, res, headers) => {
    if (req.method !== 'GET' || req.headers[XSRF_HEADER] !== undefined) return false;
    if (/^text\/html/i.test(req.headers.accept ?? '')) return false;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const body = await keptBodyFor(opts.readCache, path, mark < 0 ? '' : url.slice(mark + 1));
    if (!body) return false;
    markDoor(req, 'rest');
    const origin = clientOriginHeaders(req, opts.clientOrigins);
    const cookie = xsrfCookieFor(req);
    await sendCachedBody(req, res, body, {
      contentType: JSON_TYPE,
      headers: cookie ? [...headers, ...origin, 'Set-Cookie', cookie] : [...headers, ...origin],
      vary: origin.length > 0 ? 'Origin' : undefined,
    });
    return true;
  };
}
