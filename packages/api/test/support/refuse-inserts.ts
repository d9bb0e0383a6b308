import { databaseKind, dialect, type Db } from '@app/db';
import { getTableName, sql, type Table } from 'drizzle-orm';

/**
 * Makes every insert into `table` fail, with the message '<table> refused by the test', until the
 * returned `restore` is awaited: a failure injected in the middle of a service's write. SQLite
 * raises it from a trigger; PostgreSQL from a trigger whose plpgsql function raises an exception.
 */
export async function refuseInserts(db: Db, table: Table): Promise<() => Promise<void>> {
  const name = getTableName(table);
  const message = `${name} refused by the test`;
  const statements =
    databaseKind === 'sqlite'
      ? {
          refuse: [
            `create trigger refuse_write before insert on "${name}"
               begin select raise(abort, '${message}'); end`,
          ],
          restore: ['drop trigger refuse_write'],
        }
      : {
          refuse: [
            `create function refuse_write() returns trigger language plpgsql as $$
               begin raise exception '${message}'; end $$`,
            `create trigger refuse_write before insert on "${name}"
               for each row execute function refuse_write()`,
          ],
          restore: [`drop trigger refuse_write on "${name}"`, 'drop function refuse_write()'],
        };
  for (const statement of statements.refuse) await dialect.run(db, sql.raw(statement));
  return async () => {
    for (const statement of statements.restore) await dialect.run(db, sql.raw(statement));
  };
}
