import type { Page } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * What a failed browser test leaves behind in the log, since CI keeps nothing else: for every page
 * still open, its address, the header's connection status, and the last things it did (console
 * lines, page errors, failed requests, WebSocket opens, closes and frames); then the server's last
 * log lines. A flake that happens once in ten runs can then be explained from one run's log.
 */
const KEEP = 80;
const FRAME_CHARS = 200;

interface Watched {
  name: string;
  lines: string[];
}

const watched = new Map<Page, Watched>();
let pages = 0;

const clock = () => new Date().toISOString().slice(11, 23);
const cut = (text: string) =>
  text.length > FRAME_CHARS ? `${text.slice(0, FRAME_CHARS)}… (${text.length} chars)` : text;

/** Starts keeping a page's recent history, for dumpOpenPages. */
export function watchPage(page: Page): void {
  const entry: Watched = { name: `page ${++pages}`, lines: [] };
  watched.set(page, entry);
  const note = (line: string) => {
    entry.lines.push(`${clock()} ${line}`);
    if (entry.lines.length > KEEP) entry.lines.shift();
  };
  page.on('close', () => watched.delete(page));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated ${frame.url()}`);
  });
  page.on('console', (message) => note(`console.${message.type()} ${cut(message.text())}`));
  page.on('pageerror', (error) => note(`pageerror ${cut(String(error))}`));
  page.on('requestfailed', (request) =>
    note(
      `requestfailed ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) note(`response ${response.status()} ${response.url()}`);
  });
  page.on('websocket', (socket) => {
    note(`ws open ${socket.url()}`);
    socket.on('framesent', ({ payload }) => note(`ws → ${cut(String(payload))}`));
    socket.on('framereceived', ({ payload }) => note(`ws ← ${cut(String(payload))}`));
    socket.on('socketerror', (error) => note(`ws error ${error}`));
    socket.on('close', () => note(`ws closed ${socket.url()}`));
  });
}

async function describePage(page: Page, entry: Watched): Promise<string> {
  let status = '(no connection status shown)';
  try {
    const shown = page.locator('header .connection');
    if ((await shown.count()) > 0)
      status = (await shown.first().innerText({ timeout: 500 })).trim() || status;
  } catch {
    // the page is gone or busy: its history below still tells what happened
  }
  return [`--- ${entry.name}: ${page.url()} — ${status}`, ...entry.lines].join('\n');
}

/** One of the server's JSON log lines, shortened: a request as its time, route, status and duration. */
function serverLine(line: string): string[] {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const time = new Date(Number(entry.time)).toISOString().slice(11, 23);
    if (entry.msg !== 'request') return [`${time} ${cut(line)}`];
    if (entry.door === 'static') return [];
    return [`${time} ${entry.method} ${entry.route} ${entry.status} ${entry.ms} ms`];
  } catch {
    return [cut(line)];
  }
}

/** Prints what every open page and the server did lately (called after a failed test). */
export async function dumpOpenPages(testName: string): Promise<void> {
  const parts = [`===== what the browsers and the server did before "${testName}" failed =====`];
  for (const [page, entry] of watched) parts.push(await describePage(page, entry));
  const logPath = inject('serverLogPath');
  if (logPath && existsSync(logPath)) {
    const lines = readFileSync(logPath, 'utf8')
      .trimEnd()
      .split('\n')
      .flatMap(serverLine)
      .slice(-KEEP);
    parts.push(
      `--- the server's last ${lines.length} log lines (requests for files left out)`,
      ...lines,
    );
  }
  console.error(parts.join('\n'));
}
