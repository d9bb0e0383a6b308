import { isOurSentence, showsInternals } from './sentences';

/**
 * The bad-input sweep's HTTP side: sending requests (bounded concurrency), reading answers, checking
 * each against the sweep's rules, and counting them by door and status class.
 */

export type Door = 'trpc' | 'rest' | 'transport' | 'limits';

/** What an answer may be: refused (4xx), or either (the input was valid, so 2xx is fine too). */
export type Expectation =
  { kind: 'refused'; status?: number | readonly number[] } | { kind: 'any' };

export interface Probe {
  door: Door;
  /** Where it went and what was wrong with it: printed when it fails. */
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  expect: Expectation;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export class Tally {
  private counts = new Map<string, number>();
  readonly failures: string[] = [];
  /** Every probe and its status, for a look at what was accepted (SWEEP_LOG=file writes them). */
  readonly log: string[] = [];
  sent = 0;

  count(door: Door, status: number): void {
    this.sent += 1;
    const statusClass = status === 0 ? 'no answer' : `${Math.floor(status / 100)}xx`;
    for (const key of [`${door} ${statusClass}`, `all ${statusClass}`, `${door} sent`])
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  fail(probe: Probe, answer: Answer, why: string): void {
    this.failures.push(
      `${probe.door} ${probe.method} ${probe.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 120)} ` +
        `[${probe.label}] → ${answer.status} ${answer.text.slice(0, 200)} (${why})`,
    );
  }

  /** One line per door: sent, and answers by status class. */
  table(): string {
    const doors: Door[] = ['trpc', 'rest', 'transport', 'limits'];
    const classes = ['2xx', '3xx', '4xx', '5xx', 'no answer'];
    const rows = [...doors, 'all' as const].map((door) => {
      const sent = door === 'all' ? this.sent : this.get(`${door} sent`);
      return [door, sent, ...classes.map((c) => this.get(`${door} ${c}`))];
    });
    const header = ['door', 'sent', ...classes];
    return [header, ...rows]
      .map((row) => row.map((cell) => String(cell).padStart(9)).join(' '))
      .join('\n');
  }
}

export async function send(probe: Probe): Promise<Answer> {
  try {
    const res = await fetch(probe.url, {
      method: probe.method,
      headers: probe.headers,
      body: probe.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const contentType = res.headers.get('content-type') ?? '';
    // An event stream would never end: the first chunk says enough.
    if (contentType.includes('event-stream')) {
      const reader = res.body?.getReader();
      const first = await reader?.read();
      await reader?.cancel();
      return { status: res.status, contentType, text: new TextDecoder().decode(first?.value) };
    }
    return { status: res.status, contentType, text: await res.text() };
  } catch (error) {
    return { status: 0, contentType: '', text: String((error as Error).message) };
  }
}

function statusFits(status: number, expect: Expectation): string | null {
  if (status === 0) return 'no answer (connection failed)';
  if (status >= 500) return 'a 5xx';
  if (expect.kind === 'any')
    return status < 300 || (status >= 400 && status < 500) ? null : 'not 2xx or 4xx';
  if (status < 400) return 'accepted what should be refused';
  const wanted = expect.status;
  if (wanted !== undefined && !(Array.isArray(wanted) ? wanted : [wanted]).includes(status))
    return `expected ${JSON.stringify(wanted)}`;
  return null;
}

interface TrpcErrorBody {
  error?: {
    json?: {
      message?: unknown;
      data?: Record<string, unknown> & { fieldErrors?: Record<string, unknown> | null };
    };
  };
}

/** tRPC's answer: a JSON error whose message (and field errors) are ours and whose data has no stack. */
function checkTrpcError(answer: Answer): string | null {
  let body: TrpcErrorBody | TrpcErrorBody[];
  try {
    body = JSON.parse(answer.text) as TrpcErrorBody;
  } catch {
    // Node's own refusals (431, 400 for an unreadable request) never reach tRPC: plain text.
    return answer.contentType.startsWith('text/plain') && isOurSentence(answer.text.trim())
      ? null
      : 'not JSON and not our plain sentence';
  }
  for (const item of Array.isArray(body) ? body : [body]) {
    const error = item.error?.json;
    if (!error) continue;
    if (!isOurSentence(error.message)) return `not our sentence: ${String(error.message)}`;
    if (error.data && 'stack' in error.data) return 'error.data carries a stack';
    for (const messages of Object.values(error.data?.fieldErrors ?? {}))
      for (const message of Array.isArray(messages) ? messages : [messages])
        if (!isOurSentence(message)) return `field error not ours: ${String(message)}`;
  }
  if (!Array.isArray(body) && !body.error) return 'a 4xx without an error';
  return null;
}

/** The REST doors (and Node's own refusals): a plain-text sentence of ours. */
function checkPlainError(answer: Answer): string | null {
  if (!answer.contentType.startsWith('text/plain')) return `content type ${answer.contentType}`;
  if (showsInternals(answer.text)) return 'shows internals';
  if (!isOurSentence(answer.text.trim())) return 'not our sentence';
  return null;
}

/** Sends one probe, counts it and records why it broke the rules, if it did. */
export async function probe(tally: Tally, item: Probe): Promise<Answer> {
  const started = performance.now();
  const answer = await send(item);
  const ms = Math.round(performance.now() - started);
  tally.count(item.door, answer.status);
  tally.log.push(
    `${answer.status} ${ms}ms ${item.door} ${item.method} [${item.label}] ${answer.text.slice(0, 160)}`,
  );
  const wrong =
    statusFits(answer.status, item.expect) ??
    ((answer.status >= 400 && answer.status < 500) || answer.status === 207
      ? item.door === 'rest' || !item.url.includes('/trpc')
        ? checkPlainError(answer)
        : checkTrpcError(answer)
      : null);
  if (wrong) tally.fail(item, answer, wrong);
  return answer;
}

/** Runs the probes with at most `concurrency` in flight. */
export async function probeAll(
  tally: Tally,
  items: readonly Probe[],
  concurrency = 6,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item) await probe(tally, item);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
