import type Database from 'better-sqlite3';

/** How many distinct statements each connection keeps compiled (the least recently used goes first). */
export const STATEMENT_CACHE_SIZE = 500;

interface OneTimeSession {
  prepareOneTimeQuery: (...args: unknown[]) => unknown;
}

/**
 * drizzle compiles a query again on every call unless it was `.prepare()`d, and compiling
 * (sqlite3_prepare) was the largest single cost of a write on the server's CPU profile. The
 * connection keeps those one-time queries' compiled statements by their SQL text instead.
 *
 * Only one-time queries share them: such a statement is used at once, synchronously, and dropped,
 * so handing it out again in its default state (objects, not raw rows: drizzle turns raw on itself
 * when it wants it) is safe. A `.prepare()`d query keeps a statement of its own, as before, and so
 * does anything that calls better-sqlite3 directly. A statement still being iterated is never
 * handed out: that call compiles a fresh one.
 */
export function cacheOneTimeStatements(
  db: { $client: Database.Database },
  size = STATEMENT_CACHE_SIZE,
): void {
  const connection = db.$client;
  const session = (db as unknown as { session: OneTimeSession }).session;
  const compile = connection.prepare.bind(connection);
  const kept = new Map<string, Database.Statement>();
  let oneTime = false;

  const cached = (source: string): Database.Statement => {
    const statement = kept.get(source);
    if (statement && !statement.busy) {
      // Map order is the recency order: move it to the end.
      kept.delete(source);
      kept.set(source, statement);
      if (statement.reader) statement.raw(false);
      return statement;
    }
    const fresh = compile(source);
    if (statement) return fresh;
    kept.set(source, fresh);
    if (kept.size > size) kept.delete(kept.keys().next().value as string);
    return fresh;
  };
  connection.prepare = ((source: string) =>
    oneTime ? cached(source) : compile(source)) as Database.Database['prepare'];

  const prepareOneTimeQuery = session.prepareOneTimeQuery.bind(session);
  session.prepareOneTimeQuery = (...args: unknown[]) => {
    oneTime = true;
    try {
      return prepareOneTimeQuery(...args);
    } finally {
      oneTime = false;
    }
  };
}
