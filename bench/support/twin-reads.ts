/**
 * writes.bench.ts's reads: the original client's REST reads whose tRPC twin is a cached read, each
 * beside that twin. GET /question/getQuestionById with `?username=` records a view (question.view)
 * before answering the question, so it is measured as the client sends it, by many users.
 */
import { BROWSER_HEADERS, trpcGet, type BenchRoute, type RequestSpec } from './bench-route';
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
  const names = Object.keys(viewers);
  const page = inTurn(questions.map((qid) => get(trpcGet('question.byId', { qid }), readerCookie)));
  // Each viewer opens each question once before any pair comes round again: the first
  // viewers × questions requests each record a new view (a row, the count, an event). Past that
  // (a faster machine, more slices) a visit is a repeat, which the REST door still checks in its
  // own write transaction, as it does whenever someone opens a question again.
  const visit = pairsInTurn(names, questions);
  return [
    {
      part: 'tRPC read',
      name: `question.byId, signed in (${spread})`,
      varies: true,
      next: page,
    },
    {
      part: 'REST read',
      name: `GET /question/getQuestionById/{qid}?username= (a view each: ${names.length} users × ${questions.length} questions)`,
      twin: `question.byId, signed in (${spread})`,
      varies: true,
      next: () => {
        const [username, qid] = visit();
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
