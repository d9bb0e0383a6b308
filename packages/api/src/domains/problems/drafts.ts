import { firstRow, problemDrafts } from '@app/db';
import type { DraftInput } from '@app/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../../core/deps';
import { perDb } from '../../core/prepared';
import type { Viewer } from '../../core/viewer';
import { writeTransaction } from '../../core/write';
import { assertProblemExists } from './problem-tests';

/** The attempt editor's code as the server keeps it. */
export interface Draft {
  code: string;
  updatedAt: Date;
}

const draftRow = perDb((db) =>
  db
    .select({ code: problemDrafts.code, updatedAt: problemDrafts.updatedAt })
    .from(problemDrafts)
    .where(
      and(
        eq(problemDrafts.userId, sql.placeholder('userId')),
        eq(problemDrafts.problemId, sql.placeholder('problemId')),
      ),
    )
    .prepare(),
);

/** The viewer's own draft of a problem, or null: a draft is read by its owner only. */
export async function readDraft(
  { db }: ApiDeps,
  viewer: Viewer,
  input: DraftInput,
): Promise<Draft | null> {
  return (
    (await firstRow(draftRow(db).execute({ userId: viewer.id, problemId: input.problemId }))) ??
    null
  );
}

/**
 * Keeps the viewer's code for a problem, replacing what was kept (the editor saves as one types, a
 * second or so after the last key). No event: nobody else reads it, and another tab of the same user
 * reads it again when it opens. A submit leaves it (LeetCode keeps your code).
 */
export async function saveDraft(
  deps: ApiDeps,
  viewer: Viewer,
  input: { problemId: number; code: string },
): Promise<{ updatedAt: Date }> {
  return writeTransaction(deps, async ({ tx, now }) => {
    await assertProblemExists(tx, input.problemId);
    await tx
      .insert(problemDrafts)
      .values({ userId: viewer.id, problemId: input.problemId, code: input.code, updatedAt: now })
      .onConflictDoUpdate({
        target: [problemDrafts.userId, problemDrafts.problemId],
        set: { code: input.code, updatedAt: now },
      });
    return { updatedAt: now };
  });
}
