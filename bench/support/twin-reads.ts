/**
 * writes.bench.ts's reads: the original client's REST reads whose tRPC twin is a cached read, each
 * beside that twin. GET /question/getQuestionById with `?username=` records a view (question.view)
 * before answering the question, so it is measured as the client sends it, by many users.
 */
import {
  BROWSER_HEADERS,
  post,
  trpcBody,
  trpcGet,
  type BenchRoute,
  type RequestSpec,
} from './bench-route';
import { pairsInTurn, inTurn } from './in-turn';

export interface ReadSetup {
  /** The same questions the writes go to (the page read in turn over them). */
  questions: number[];
  /** A signed-in reader's cookie for question.byId. */
  readerCookie: string;
  /** Signed-in users (name → cookie) who open the questions through the REST door. */
  viewers: Record<string, string>;
}

const get = (path: string, cookie?: string): RequestSpec => ({
  method: 'GET',
  path,
  headers: { ...BROWSER_HEADERS, ...(cookie ? { cookie } : {}) },
});

const fixed = (route: Omit<BenchRoute, 'varies' | 'next'>, request: RequestSpec): BenchRoute => ({
  ...route,
  varies: false,
  next: () => request,
});

export function twinReads({ questions, readerCookie, viewers }: ReadSetup): BenchRoute[] {
  const spread = `${questions.length} questions in turn`;
  // Half the viewers visit through tRPC, half through REST: each pair's first visit records a new
  // view (a row, the count, an event), so neither door finds the other's views made already.
  const names = Object.keys(viewers);
  const trpcViewers = names.slice(0, Math.ceil(names.length / 2));
  const restViewers = names.slice(trpcViewers.length);
  const page = inTurn(questions.map((qid) => get(trpcGet('question.byId', { qid }), readerCookie)));
  // Each viewer opens each question once before any pair comes round again. Past that (a faster
  // machine, more slices) a visit is a repeat, which still checks in its own write transaction.
  const trpcVisit = pairsInTurn(trpcViewers, questions);
  const restVisit = pairsInTurn(restViewers, questions);
  // The web's visit is two calls, the page (cached) and the view: sent in turn, counted as one.
  let half: RequestSpec | null = null;
  const webVisit = (): RequestSpec => {
    if (half) {
      const view = half;
      half = null;
      return view;
    }
    const [username, qid] = trpcVisit();
    half = post('/trpc/question.view', viewers[username]!, trpcBody({ qid }));
    return get(trpcGet('question.byId', { qid }), viewers[username]);
  };
  const visits = `${trpcViewers.length} users × ${questions.length} questions`;
  return [
    {
      part: 'tRPC read',
      name: `question.byId, signed in (${spread})`,
      varies: true,
      next: page,
    },
    {
      part: 'tRPC read',
      name: `a visit: question.byId + question.view (${visits})`,
      varies: true,
      requestsEach: 2,
      next: webVisit,
    },
    {
      part: 'REST read',
      name: `GET /question/getQuestionById/{qid}?username= (a visit: ${restViewers.length} users × ${questions.length} questions)`,
      twin: `a visit: question.byId + question.view (${visits})`,
      varies: true,
      next: () => {
        const [username, qid] = restVisit();
        return get(`/question/getQuestionById/${qid}?username=${username}`, viewers[username]);
      },
    },
    fixed(
      { part: 'tRPC read', name: 'question.list newest (first page)' },
      get(trpcGet('question.list', { order: 'newest' })),
    ),
    // The client's whole list (every question: a hundred megabytes) has no tRPC twin of its size:
    // the web pages the list 20 at a time. Its body is kept whole in the read cache, so the row is
    // held to answering without errors; its time is the transfer's.
    fixed(
      {
        part: 'REST read',
        name: 'GET /question/getQuestion (every question)',
        drain: true,
      },
      get('/question/getQuestion?order=newest&search='),
    ),
    fixed({ part: 'tRPC read', name: 'tag.list' }, get(trpcGet('tag.list'))),
    fixed(
      { part: 'REST read', name: 'GET /tag/getTagsWithQuestionNumber', twin: 'tag.list' },
      get('/tag/getTagsWithQuestionNumber'),
    ),
  ];
}
