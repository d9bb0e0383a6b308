import { sql, type SQL } from 'drizzle-orm';

/** What only SQLite says about users; a PostgreSQL build swaps this file (strpos) and nothing else. */

/** A condition: the text contains the part, case-sensitively (SPEC §5's users filter). */
export function containsExactly(text: unknown, part: string): SQL {
  return sql`instr(${text}, ${part}) > 0`;
}
