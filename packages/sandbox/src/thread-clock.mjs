// @ts-check
// The worker thread's own CPU time, so that limits and figures do not depend on what else the
// machine is doing. Plain JavaScript: it runs inside the worker (see runner.mjs).
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A clock of one thread's time on a CPU, in nanoseconds (only differences mean anything).
 * @typedef {object} ThreadClock
 * @property {'thread-cpu' | 'schedstat' | 'wall'} kind where the time comes from
 * @property {() => number} now
 */

/**
 * The calling thread's clock, the best one this platform offers:
 * - on Linux, `/proc/thread-self/schedstat`: wall time minus the time the thread waited for a CPU
 *   (its second field, updated the moment the thread gets a CPU back, so exact for a thread that
 *   never sleeps, as a running guest never does). Its first field, the time on CPU, is only brought
 *   up to date at scheduler ticks: it would round short runs to milliseconds;
 * - `process.threadCpuUsage()` where Node has it (Node 23.9+) and there is no schedstat: the
 *   thread's user + system time. On Linux it is getrusage(RUSAGE_THREAD), which also moves only at
 *   scheduler ticks (4 ms steps on Node 26 here: a short test measured 0), so it comes second;
 * - elsewhere, wall time (load then shows in the figures, as it did before).
 * Build it in the thread it measures: /proc/thread-self is the thread that opens it.
 * @returns {ThreadClock}
 */
export function createThreadClock() {
  const threadCpuUsage =
    /** @type {{ threadCpuUsage?: () => { user: number; system: number } }} */ (
      /** @type {unknown} */ (process)
    ).threadCpuUsage;
  const waited = schedstatWait();
  if (waited) {
    return { kind: 'schedstat', now: () => Number(process.hrtime.bigint()) - waited() };
  }
  if (typeof threadCpuUsage === 'function') {
    return {
      kind: 'thread-cpu',
      now() {
        const { user, system } = threadCpuUsage.call(process);
        return (user + system) * 1000;
      },
    };
  }
  return { kind: 'wall', now: () => Number(process.hrtime.bigint()) };
}

/** Reads the thread's total wait for a CPU (ns) from schedstat; null where there is none. */
function schedstatWait() {
  /** @type {number} */
  let fd;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(96);
  const read = () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const fields = buffer.toString('latin1', 0, length).split(' ');
    return Number(fields[1]);
  };
  try {
    if (!Number.isFinite(read())) throw new Error('unreadable');
  } catch {
    closeSync(fd);
    return null;
  }
  // Kept open for the thread's life: one read per look, no open or close.
  return read;
}

/**
 * A budget of CPU time on `clock`. `spent()` reads the clock; `exceeded()` is cheap enough for an
 * interrupt handler: a thread cannot spend more CPU time than wall time passes, so the clock is only
 * read once the wall time since the last reading could have used up what was left.
 */
export class CpuBudget {
  /**
   * @param {ThreadClock} clock
   * @param {number} ms
   */
  constructor(clock, ms) {
    this.clock = clock;
    this.limitNs = ms * 1e6;
    this.start = clock.now();
    this.lastLook = performance.now();
    this.nextLookMs = ms;
    this.over = false;
  }

  /** CPU time used since the budget started, in nanoseconds. */
  spent() {
    return Math.max(0, this.clock.now() - this.start);
  }

  /** Whether the budget is used up; once it is, it stays so. */
  exceeded() {
    if (this.over) return true;
    const wall = performance.now();
    if (wall - this.lastLook < this.nextLookMs) return false;
    const spent = this.spent();
    this.lastLook = wall;
    // At least a millisecond between readings: the verdict is late by at most that.
    this.nextLookMs = Math.max(1, (this.limitNs - spent) / 1e6);
    this.over = spent > this.limitNs;
    return this.over;
  }
}
