/** One table's rows on each side of a copy. */
export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
}

/**
 * A copy that stopped for a reason its user can act on (a missing file, an unmigrated database, a
 * target that is not empty, counts that differ): the message is the whole story, so the command
 * prints it without a stack. `counts` is there when the copy got as far as counting.
 */
export class CopyStopped extends Error {
  override name = 'CopyStopped';
  constructor(
    message: string,
    readonly counts?: TableCount[],
  ) {
    super(message);
  }
}
