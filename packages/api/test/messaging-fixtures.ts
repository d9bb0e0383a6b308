import { firstRow, globalMessages, users } from '@app/db';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestClient, TestWorld } from './helpers';

/** Expects the call to fail with exactly this code and user-facing sentence. */
export async function expectError(
  call: Promise<unknown>,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect(error).toMatchObject({ code, message });
}

/** A rate limit no test reaches by accident, for tests that send many messages. */
export const PLENTY = { messages: { max: 10_000, windowMs: 10_000 } };

/** Signs up the named users in a world, in order. */
export async function people<N extends string>(world: TestWorld, ...names: N[]) {
  const out = {} as Record<N, TestClient>;
  for (const name of names) out[name] = await world.signedIn(name);
  return out;
}

/** Starts (or opens) the one-to-one chat of the client's user with `username`; its id. */
export async function chatWith(client: TestClient, username: string): Promise<number> {
  return (await client.api.chat.create({ username })).chat.id;
}

/** The client's chat list entry for a chat. */
export async function entryOf(client: TestClient, chatId: number) {
  return (await client.api.chat.list()).find((chat) => chat.id === chatId);
}

/** Global messages straight into the table, as many as a test needs, oldest first; their ids. */
export async function insertGlobalMessages(
  world: TestWorld,
  username: string,
  count: number,
): Promise<number[]> {
  const user = await firstRow(
    world.db.select({ id: users.id }).from(users).where(eq(users.username, username)),
  );
  if (!user) throw new Error(`no user ${username}`);
  const rows = Array.from({ length: count }, (_, i) => ({
    msg: `message ${i + 1}`,
    msgFrom: user.id,
    msgDateTime: new Date(Date.UTC(2024, 0, 1) + i + 1),
  }));
  // A few thousand rows a statement: under either database's limit of bound values.
  const BATCH = 5000;
  const ids = await world.db.$writer.transaction(async (tx) => {
    const made: number[] = [];
    for (let at = 0; at < rows.length; at += BATCH) {
      const batch = rows.slice(at, at + BATCH);
      const inserted = await tx
        .insert(globalMessages)
        .values(batch)
        .returning({ id: globalMessages.id });
      made.push(...inserted.map((row) => row.id));
    }
    return made;
  });
  // Ids are handed out in insertion order: ascending, oldest first.
  return ids.sort((a, b) => a - b);
}
