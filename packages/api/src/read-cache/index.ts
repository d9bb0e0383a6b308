export type { ReadDependency } from './dependencies';
export {
  createReadCache,
  DOMAIN_INVALIDATION_TABLES,
  ReadCache,
  type InvalidationTables,
} from './read-cache';
export type { QuestionListReads } from './question-list';
export type { ChatTranscripts, TranscriptRow } from './chat-transcripts';
export type { Shelf, ShelfKey, Shelves, ShelfSpec, Slot, Stored } from './shelf';

import type { ReadCache } from './read-cache';

// The read cache is shared like the bus: every door's context reads through the one built at start.
declare module '../core/deps' {
  interface ApiDeps {
    /** Every cached read (lists, pages, tags, the doors' bodies), dropped by the bus's events. */
    readCache: ReadCache;
  }
}
