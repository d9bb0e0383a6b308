import type { appRouter, ReadCache, ReadDependency, ShelfSpec } from '@app/api';
import { CachedBody } from '../../http/response-cache';
import { wireQuestion } from '../wire';

type Caller = ReturnType<typeof appRouter.createCaller>;

export interface LegacyListRequest {
  order: 'newest' | 'unanswered' | 'active' | 'mostViewed';
  search?: string;
}

/** Whole questions asked for per procedure call (QuestionsInFullInput's bound). */
const IN_FULL_PER_CALL = 500;
/** Questions joined into the body between two yields to other requests. */
const JOIN_SLICE = 2000;

/** Single questions' bodies (GET /question/getQuestionById), keyed by question id. */
const QUESTION_BODIES: ShelfSpec<CachedBody> = {
  name: 'original client question bodies',
  entries: 5000,
};
/** Whole-list bodies per order and search. */
const WHOLE_LISTS: ShelfSpec<CachedBody> = { name: 'original client lists', entries: 8 };
/** Each question's JSON as the original client reads it, keyed by question id. */
const QUESTION_JSON: ShelfSpec<string> = { name: 'original client questions', entries: 400_000 };
const ON_WHOLE_LIST: ReadDependency = { kind: 'wholeList' };

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The original client's whole question list (GET /question/getQuestion, no paging) as a JSON body
 * per order and search, kept in the read cache. Each question's JSON is kept on its own, so after a
 * question event only that question is read again and the body is joined anew: the order's ids come
 * from the list's indexes (question.listIds), whole questions in bulk (question.inFull). A body being
 * built while an event arrives answers its own request only and leaves nothing behind.
 */
export async function legacyQuestionListBody(
  cache: ReadCache,
  caller: Caller,
  request: LegacyListRequest,
): Promise<CachedBody> {
  const key = `${request.order}\u0000${request.search ?? ''}`;
  const slot = await cache.shelf(WHOLE_LISTS).load(key, async () => {
    const body = await build(cache, caller, request);
    return { value: body, dependency: ON_WHOLE_LIST, bytes: body.body.length };
  });
  return slot.value;
}

/**
 * One question as the original client reads it (GET /question/getQuestionById): the body is kept per
 * question in the read cache and dropped by the question's events, like the tRPC question page, so a
 * read costs what the page costs. It is the question everyone sees (what the whole list and
 * socket.io's questionUpdate carry): the original client has no view of removed posts. Null for a
 * question nobody may see.
 */
export async function legacyQuestionBody(
  cache: ReadCache,
  caller: Caller,
  qid: number,
): Promise<CachedBody | null> {
  const slot = await cache.shelf(QUESTION_BODIES).load(qid, async () => {
    const json = cache.shelf(QUESTION_JSON).peek(qid) ?? (await questionJson(caller, qid));
    if (json === null) return null;
    const body = new CachedBody(Buffer.from(json));
    return { value: body, dependency: { kind: 'question', qid }, bytes: body.body.length };
  });
  return slot?.value ?? null;
}

/** The question's kept body if the read cache holds it now (after its look at the outbox), else null. */
export async function keptQuestionBody(cache: ReadCache, qid: number): Promise<CachedBody | null> {
  return (await cache.shelf(QUESTION_BODIES).load(qid, () => Promise.resolve(null)))?.value ?? null;
}

async function questionJson(caller: Caller, qid: number): Promise<string | null> {
  const [question] = await caller.question.inFull({ qids: [qid] });
  return question ? JSON.stringify(wireQuestion(question)) : null;
}

async function build(
  cache: ReadCache,
  caller: Caller,
  request: LegacyListRequest,
): Promise<CachedBody> {
  const questions = cache.shelf(QUESTION_JSON);
  const epoch = cache.epoch;
  const ids = await caller.question.listIds(request);
  // Taken now: a question event while the rest is read must not leave a hole in this body.
  const known = ids.map((qid) => questions.peek(qid));
  const missing = ids.filter((_, i) => known[i] === undefined);
  const fresh = new Map<number, string>();
  for (let start = 0; start < missing.length; start += IN_FULL_PER_CALL) {
    const qids = missing.slice(start, start + IN_FULL_PER_CALL);
    for (const question of await caller.question.inFull({ qids }))
      fresh.set(question.id, JSON.stringify(wireQuestion(question)));
  }
  for (const [qid, json] of fresh)
    questions.put(
      qid,
      { value: json, dependency: { kind: 'question', qid }, bytes: json.length },
      epoch,
    );
  const chunks: Buffer[] = [Buffer.from('[')];
  let first = true;
  for (let start = 0; start < ids.length; start += JOIN_SLICE) {
    if (start > 0) await yieldToOthers();
    const slice: string[] = [];
    for (let i = start; i < Math.min(ids.length, start + JOIN_SLICE); i++) {
      const json = known[i] ?? fresh.get(ids[i] ?? 0);
      if (json !== undefined) slice.push(json);
    }
    if (slice.length === 0) continue;
    chunks.push(Buffer.from(`${first ? '' : ','}${slice.join(',')}`));
    first = false;
  }
  chunks.push(Buffer.from(']'));
  return new CachedBody(Buffer.concat(chunks));
}
