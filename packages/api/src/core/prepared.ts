import type { Db } from '@app/db';

/**
 * The connection a handle's statements run on: drizzle's session client (a better-sqlite3
 * connection, a PostgreSQL pool, or the pooled connection a transaction holds). PostgreSQL hands
 * every transaction a new handle over one of a few pooled connections: keyed by the handle, each
 * transaction built its statements again (a third of a write's CPU there); keyed by the
 * connection, they are built once per connection, and run on the one they were built for.
 */
function connectionOf(db: Db): object {
  return (db as unknown as { session?: { client?: object } }).session?.client ?? db;
}

/** Builds something once per database connection (prepared statements, mostly) and hands back the same one after. */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<object, T>();
  return (db) => {
    const connection = connectionOf(db);
    let value = cache.get(connection);
    if (value === undefined) cache.set(connection, (value = build(db)));
    return value;
  };
}

/**
 * perDb for a statement made for a number of rows (an insert of `count` rows at once): built once
 * per connection and count. Callers keep the counts few (a bound, and several statements past it).
 */
export function perDbAndCount<T>(
  build: (db: Db, count: number) => T,
): (db: Db, count: number) => T {
  const builtOn = perDb(() => new Map<number, T>());
  return (db, count) => {
    const built = builtOn(db);
    let value = built.get(count);
    if (value === undefined) built.set(count, (value = build(db, count)));
    return value;
  };
}
