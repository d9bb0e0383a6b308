import type Database from 'better-sqlite3';

/**
 * Puts the questions written since the last call into the full-text index, in one statement: the
 * writer calls it just before each COMMIT (client.ts), inside the transaction, so a committed question
 * is always searchable. The insert trigger only notes a new question in questions_fts_pending
 * (migration 0020): FTS5 writes what it has gathered to disk at every savepoint, and each write of a
 * group commit has one, so indexing a question in its own write cost a segment each.
 */
export function createSearchIndexer(client: Database.Database): () => void {
  // A file migrated by older code (a copy's check, say) still indexes in its insert trigger.
  const noted = client
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'questions_fts_pending'")
    .get();
  if (!noted) return () => {};
  const waiting = client.prepare('SELECT EXISTS (SELECT 1 FROM questions_fts_pending)').pluck();
  // IN, not a join: the waiting table has no statistics, and a join scanned every question.
  const index = client.prepare(
    'INSERT INTO questions_fts(rowid, title, text) SELECT id, title, text FROM questions WHERE id IN (SELECT id FROM questions_fts_pending)',
  );
  const forget = client.prepare('DELETE FROM questions_fts_pending');
  return () => {
    if (!waiting.get()) return;
    index.run();
    forget.run();
  };
}
