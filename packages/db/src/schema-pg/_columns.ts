import { bigint, customType, integer, timestamp as pgTimestamp } from 'drizzle-orm/pg-core';

/**
 * A moment, as a JS Date, as SQLite's timestamp columns give it (integer milliseconds there):
 * timestamptz to the millisecond, so what goes in comes back equal.
 */
export const timestamp = (name: string) =>
  pgTimestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** Milliseconds since the epoch as a plain number (expiries): past 2^31, so bigint, not integer. */
export const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * JSON kept as text, as SQLite's `text(…, { mode: 'json' })` keeps it: nothing queries inside it,
 * and text keeps the exact string a client was sent (jsonb would reorder keys).
 */
export const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as unknown,
});

/** Bytes as a Buffer, as SQLite's `blob(…, { mode: 'buffer' })` gives them (node-postgres reads bytea so). */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** PostgreSQL's full-text document; drizzle has no column type of its own for it. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * What SQLite's rowid is to the dialect's insertionOrder (src/dialect/pg.ts): a number the database
 * gives each row as it is inserted, growing, never set by a writer (an update keeps it, as it keeps
 * a rowid). Only on the tables read in the order their rows came (votes, chat participants), and
 * only in PostgreSQL. An integer like the ids here, so node-postgres reads it as a number.
 */
export const insertionOrder = () => integer('insertion_order').generatedAlwaysAsIdentity();
