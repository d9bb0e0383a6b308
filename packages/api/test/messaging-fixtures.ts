import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
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
export function insertGlobalMessages(world: TestWorld, username: string, count: number): number[] {
  const sqlite = world.db.$client;
  const user = sqlite.prepare('select id from users where username = ?').get(username) as {
    id: number;
  };
  const insert = sqlite.prepare(
    'insert into global_messages (msg, msg_from, msg_date_time) values (?, ?, ?)',
  );
  const ids: number[] = [];
  sqlite.transaction(() => {
    for (let i = 1; i <= count; i++) {
      ids.push(
        Number(insert.run(`message ${i}`, user.id, Date.UTC(2024, 0, 1) + i).lastInsertRowid),
      );
    }
  })();
  return ids;
}
