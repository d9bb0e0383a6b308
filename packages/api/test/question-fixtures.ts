import type { CreateQuestionInput } from '@app/validators';
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { ZodError } from 'zod';
import type { TestClient } from './helpers';

/**
 * Controls what `new Date()` answers inside the services, so orders by time are decided by the test,
 * not by how fast it runs. Only Date is faked: timers stay real for subscriptions.
 */
export function useClock(start = Date.UTC(2025, 0, 1)) {
  let now = start;
  beforeEach(() => {
    now = start;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return {
    /** Moves time forward (a minute unless told). */
    tick(ms = 60_000) {
      now += ms;
      vi.setSystemTime(now);
      return new Date(now);
    },
    now: () => new Date(now),
  };
}

export function questionInput(overrides: Partial<CreateQuestionInput> = {}): CreateQuestionInput {
  return {
    title: 'How do I sort an array of objects by a key?',
    text: 'I have a list of users and want them ordered by name.',
    tags: ['javascript'],
    ...overrides,
  };
}

/** Asks a question as the client's user; the question as the create call answered it. */
export async function ask(client: TestClient, overrides: Partial<CreateQuestionInput> = {}) {
  return (await client.api.question.create(questionInput(overrides))).question;
}

/**
 * Expects BAD_REQUEST whose user-facing message is exactly `message`: for input errors that is the
 * first validation issue, which is what the error formatter shows over HTTP.
 */
export async function expectInvalid(call: Promise<unknown>, message: string) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  expect(trpcError.code).toBe('BAD_REQUEST');
  const shown =
    trpcError.cause instanceof ZodError ? trpcError.cause.issues[0]?.message : trpcError.message;
  expect(shown).toBe(message);
}
