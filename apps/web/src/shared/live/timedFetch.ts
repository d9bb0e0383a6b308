import { connectionMessages } from '@app/validators';

/**
 * How long an action (a mutation) may wait for the server's answer before it fails with a sentence:
 * the person hears within 10 s, with room to show it.
 */
export const ANSWER_WITHIN_MS = 8_000;
/** Actions that run code in the sandbox may queue behind other runs: they get longer. */
export const CODE_RUN_WITHIN_MS = 60_000;

// The batch URL names its procedures: /trpc/problem.runTests,question.byId?batch=1
const RUNS_CODE =
  /(?:^|[/,])(?:problem\.(?:runTests|testSolution|create)|game\.runTests)(?=[,?]|$)/;

export interface TimedFetchOptions {
  answerWithinMs?: number;
  codeRunWithinMs?: number;
}

/**
 * fetch for tRPC's HTTP link: an action (POST, a mutation) that gets no answer in time is given up
 * and fails with connectionMessages.noAnswer, so its button is usable again and the person can retry.
 * It is never retried here: an action must not be sent twice behind the person's back. Reads (GET)
 * keep waiting; React Query retries them.
 */
export function timedFetch(
  base: typeof fetch = (...args) => fetch(...args),
  {
    answerWithinMs = ANSWER_WITHIN_MS,
    codeRunWithinMs = CODE_RUN_WITHIN_MS,
  }: TimedFetchOptions = {},
): (url: string | URL | Request, options?: RequestInit) => Promise<Response> {
  return async (url, options = {}) => {
    if ((options.method ?? 'GET').toUpperCase() !== 'POST') return base(url, options);
    const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const timeout = AbortSignal.timeout(RUNS_CODE.test(path) ? codeRunWithinMs : answerWithinMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await base(url, { ...options, signal });
    } catch (error) {
      if (timeout.aborted) throw new Error(connectionMessages.noAnswer, { cause: error });
      throw error;
    }
  };
}
