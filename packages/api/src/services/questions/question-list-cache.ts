import type { EventBus } from '../../events/bus';
import { deepFreeze } from '../shared/deep-freeze';
import { changesListTotals } from './question-events';
import type { QuestionPage, TagWithCount } from './question-shapes';

/** A Map that forgets its least recently used entry past a size. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  getOrCompute(key: string, compute: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = compute();
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * List pages, match totals and the tag list, kept in memory because the list is read far more often
 * than it changes. It is only a cache: it listens to the 'question' topic of the bus, and drops what an
 * event can make stale as the write delivers its events (before the write returns), so no read after
 * a write can see the old page. Pages go on any event (a view or vote changes a card); totals only
 * when a question is created, answered or edited (nothing else changes which questions match); the
 * tag list only when a question is created or edited (an edit may change its tags). With a bus shared between processes (Redis later) it stays
 * correct, stale at most for the bus's delivery delay.
 */
export interface QuestionListCache {
  page(key: string, compute: () => QuestionPage): QuestionPage;
  total(key: string, compute: () => number): number;
  tags(compute: () => TagWithCount[]): TagWithCount[];
  /** Entries held now: for tests and metrics. */
  readonly size: { pages: number; totals: number };
}

const PAGE_ENTRIES = 1000;
const TOTAL_ENTRIES = 1000;

/** The cache over a bus: it is invalidated by exactly the events delivered there. One per process. */
export async function createQuestionListCache(bus: EventBus): Promise<QuestionListCache> {
  const pages = new Lru<QuestionPage>(PAGE_ENTRIES);
  const totals = new Lru<number>(TOTAL_ENTRIES);
  let tagList: TagWithCount[] | null = null;

  await bus.subscribe('question', null, ({ payload }) => {
    pages.clear();
    if (changesListTotals(payload)) totals.clear();
    if (payload.type === 'created' || payload.type === 'edited') tagList = null;
  });

  return {
    page: (key, compute) => pages.getOrCompute(key, () => deepFreeze(compute())),
    total: (key, compute) => totals.getOrCompute(key, compute),
    tags: (compute) => (tagList ??= deepFreeze(compute())),
    get size() {
      return { pages: pages.size, totals: totals.size };
    },
  };
}
