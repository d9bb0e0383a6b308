import type { ApiDeps, appRouter } from '@app/api';
import { CachedBody } from './response-cache';
import { wireQuestion } from './rest/wire';

type Caller = ReturnType<typeof appRouter.createCaller>;

export interface LegacyListRequest {
  order: 'newest' | 'unanswered' | 'active' | 'mostViewed';
  search?: string;
}

/** Whole questions asked for per procedure call (QuestionsInFullInput's bound). */
const IN_FULL_PER_CALL = 500;
/** Questions joined into the body between two yields to other requests. */
const JOIN_SLICE = 2000;
const BODY_ENTRIES = 8;
const SEGMENT_ENTRIES = 400_000;

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The original client's whole question list (GET /question/getQuestion, no paging) as JSON bodies
 * per order and search. Each question's JSON is kept on its own, so after a question event only that
 * question is read again and the body is joined anew: the order's ids come from the list's indexes
 * (question.listIds), whole questions in bulk (question.inFull). Every question event drops the
 * bodies and that question's JSON; a body being built while an event arrives answers its own request
 * only and leaves nothing behind in the cache.
 */
export class LegacyQuestionList {
  private readonly segments = new Map<number, string>();
  private readonly bodies = new Map<string, Promise<CachedBody>>();
  private epoch = 0;

  private onQuestionEvent(qid: number): void {
    this.epoch++;
    this.segments.delete(qid);
    this.bodies.clear();
  }

  /** The list's body, built once however many requests ask while it is built. */
  body(caller: Caller, request: LegacyListRequest): Promise<CachedBody> {
    const key = `${request.order}\u0000${request.search ?? ''}`;
    let pending = this.bodies.get(key);
    if (!pending) {
      const made = this.build(caller, request);
      pending = made;
      made.catch(() => {
        if (this.bodies.get(key) === made) this.bodies.delete(key);
      });
      this.bodies.set(key, made);
      while (this.bodies.size > BODY_ENTRIES) {
        const oldest = this.bodies.keys().next().value;
        if (oldest === undefined) break;
        this.bodies.delete(oldest);
      }
    }
    return pending;
  }

  private async build(caller: Caller, request: LegacyListRequest): Promise<CachedBody> {
    const epoch = this.epoch;
    const ids = await caller.question.listIds(request);
    // Taken now: a question event while the rest is read must not leave a hole in this body.
    const known = ids.map((qid) => this.segments.get(qid));
    const missing = ids.filter((_, i) => known[i] === undefined);
    const fresh = new Map<number, string>();
    for (let start = 0; start < missing.length; start += IN_FULL_PER_CALL) {
      const qids = missing.slice(start, start + IN_FULL_PER_CALL);
      for (const question of await caller.question.inFull({ qids }))
        fresh.set(question.id, JSON.stringify(wireQuestion(question)));
    }
    if (epoch === this.epoch) {
      if (this.segments.size + fresh.size > SEGMENT_ENTRIES) this.segments.clear();
      for (const [qid, json] of fresh) this.segments.set(qid, json);
    }
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

  private static readonly perDeps = new WeakMap<ApiDeps, Promise<LegacyQuestionList>>();

  /** The one list cache of a process's dependencies, listening to its bus. */
  static of(deps: ApiDeps): Promise<LegacyQuestionList> {
    let list = LegacyQuestionList.perDeps.get(deps);
    if (!list) {
      const made = new LegacyQuestionList();
      list = deps.events
        .subscribe('question', null, ({ key }) => made.onQuestionEvent(Number(key)))
        .then(() => made);
      LegacyQuestionList.perDeps.set(deps, list);
    }
    return list;
  }
}
