import { integer } from 'drizzle-orm/sqlite-core';

/** Milliseconds since the epoch, as a JS Date. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
