import type { EventBus } from '../core/event-bus';
import {
  QUESTION_INVALIDATION,
  questionInvalidation,
  type QuestionEvent,
  type QuestionInvalidation,
} from '../domains/questions/events';
import { ChatTranscriptCache } from './chat-transcripts';
import type { ReadDependency } from './dependencies';
import { questionListReads, type QuestionListReads } from './question-list';
import { Shelf, type IndexedEntry, type ShelfHost, type Shelves, type ShelfSpec } from './shelf';

/** Each topic's invalidation table: the domains' own, or another in a test. */
export interface InvalidationTables {
  question: Readonly<Record<string, QuestionInvalidation>>;
}

export const DOMAIN_INVALIDATION_TABLES: InvalidationTables = { question: QUESTION_INVALIDATION };

type Kind = ReadDependency['kind'];

/**
 * The one owner of cached reads in a process: list pages, match totals, the tag list, and what the
 * doors keep of them (tRPC answers, the original client's bodies), each kind on its own shelf with
 * its own bounds. Entries are indexed by what they were read from; an event of a topic drops exactly
 * what that topic's table says it changes. The bus delivers a write's events before the write
 * answers, and before a read it delivers what other processes wrote (EventBus.sync), so no read
 * after an acknowledged write, on any process, sees an old value.
 */
export class ReadCache implements Shelves {
  /** List pages, totals and the tag list, for the questions domain's reads. */
  readonly questionList: QuestionListReads;
  /** Whole chats for the original client, kept up to date by the chats' events. */
  readonly chatTranscripts: ChatTranscriptCache;
  private events = 0;
  private readonly shelves = new Map<ShelfSpec<never>, Shelf<unknown>>();
  private readonly byQuestion = new Map<number, IndexedEntry[]>();
  private readonly byKind: Record<Exclude<Kind, 'question'>, Set<IndexedEntry>> = {
    list: new Set(),
    totals: new Set(),
    tags: new Set(),
    wholeList: new Set(),
  };
  private readonly host: ShelfHost;

  /**
   * `beforeRead` brings the cache up to date with other processes' writes (the bus's sync) before
   * any entry is read.
   */
  constructor(
    private readonly tables: InvalidationTables = DOMAIN_INVALIDATION_TABLES,
    beforeRead: () => void | Promise<void> = () => {},
  ) {
    this.host = {
      epoch: () => this.events,
      beforeRead,
      added: (entry) => this.index(entry),
      removed: (entry) => this.unindex(entry),
    };
    this.questionList = questionListReads(this);
    this.chatTranscripts = new ChatTranscriptCache(beforeRead);
  }

  /** How many invalidating events it has applied: a read that began before one is not kept. */
  get epoch(): number {
    return this.events;
  }

  /** The shelf of a kind of read, made on first use: one per spec and cache. */
  shelf<V>(spec: ShelfSpec<V>): Shelf<V> {
    const held = this.shelves.get(spec);
    if (held) return held as Shelf<V>;
    const shelf = new Shelf(spec, this.host);
    this.shelves.set(spec, shelf);
    return shelf;
  }

  /** Drops what a question event makes stale, by its kind's row; the bus key names the question. */
  applyQuestionEvent(qid: number, event: QuestionEvent): void {
    const change = questionInvalidation(event, this.tables.question);
    this.events++;
    for (const shelf of this.shelves.values()) shelf.forgetPending();
    const own = this.byQuestion.get(qid);
    if (own) {
      const viewCount =
        change.question === 'viewCount' && event.type === 'viewed' ? event.viewCount : null;
      for (const entry of [...own])
        if (viewCount === null || !entry.patchViewCount(viewCount)) entry.drop();
    }
    const lists = change.lists;
    for (const entry of this.byKind.list) {
      const dependency = entry.dependency;
      if (
        lists === 'every' ||
        (dependency.kind === 'list' &&
          (dependency.qids.has(qid) || lists.orders.some((order) => order === dependency.order)))
      )
        entry.drop();
    }
    if (change.totals) this.dropAll('totals');
    if (change.tags) this.dropAll('tags');
    if (change.wholeLists) this.dropAll('wholeList');
  }

  private dropAll(kind: Exclude<Kind, 'question'>): void {
    for (const entry of this.byKind[kind]) entry.drop();
  }

  private index(entry: IndexedEntry): void {
    const dependency = entry.dependency;
    if (dependency.kind !== 'question') {
      this.byKind[dependency.kind].add(entry);
      return;
    }
    const own = this.byQuestion.get(dependency.qid);
    if (own) own.push(entry);
    else this.byQuestion.set(dependency.qid, [entry]);
  }

  private unindex(entry: IndexedEntry): void {
    const dependency = entry.dependency;
    if (dependency.kind !== 'question') {
      this.byKind[dependency.kind].delete(entry);
      return;
    }
    const own = this.byQuestion.get(dependency.qid);
    if (!own) return;
    const at = own.indexOf(entry);
    if (at >= 0) own.splice(at, 1);
    if (own.length === 0) this.byQuestion.delete(dependency.qid);
  }
}

/**
 * The read cache of one process's dependencies, listening once to each topic that has a table. It
 * is invalidated by exactly the events delivered on that bus.
 */
export async function createReadCache(
  bus: EventBus,
  tables: InvalidationTables = DOMAIN_INVALIDATION_TABLES,
): Promise<ReadCache> {
  const cache = new ReadCache(tables, () => bus.sync());
  await bus.subscribe('question', null, ({ key, payload }) =>
    cache.applyQuestionEvent(Number(key), payload),
  );
  await bus.subscribe('chat', null, ({ payload }) => cache.chatTranscripts.apply(payload));
  return cache;
}
