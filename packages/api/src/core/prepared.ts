import type { Db } from '@app/db';

/** Builds something once per database (prepared statements, mostly) and hands back the same one after. */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let value = cache.get(db);
    if (value === undefined) cache.set(db, (value = build(db)));
    return value;
  };
}
