// @ts-check
// The worker thread's own CPU time, so that limits and figures do not depend on what else the
// machine is doing. Plain JavaScript: it runs inside the worker (see runner.mjs).
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A reading of one thread's time on a CPU, in nanoseconds (only differences mean anything): `fine`,
 * and `coarse`, which is never more than a scheduler tick from the truth (the same as `fine` where
 * the fine clock is the truth); `wall`, the wall clock at the same moment.
 * @typedef {{ fine: number; coarse: number; wall: number }} Reading
 */

/**
 * @typedef {object} ThreadClock
 * @property {'thread-cpu' | 'schedstat' | 'wall'} kind where the time comes from
 * @property {() => Reading} now
 */

/**
 * The calling thread's clock, the best one this platform offers:
 * - on Linux, `/proc/thread-self/schedstat`: its first field, the time on CPU, never runs backwards
 *   but is brought up to date only at scheduler ticks (a few ms); its second, the time spent waiting
 *   for a CPU, gives wall time minus waiting, exact between ticks but seen here to step back by
 *   200 ms on a loaded machine. The clock reads both: spans are measured on the second and held
 *   within a tick of the first (`heldSpan`), as fine as the second when it is sane, never
 *   further than a tick or two from the truth when it is not;
 * - `process.threadCpuUsage()` where Node has it and there is no schedstat: the thread's user +
 *   system time. On Linux it is getrusage(RUSAGE_THREAD), which also moves only at scheduler ticks
 *   (4 ms steps on Node 26 here: a short test measured 0), so it comes second;
 * - elsewhere, wall time (load then shows in the figures, as it did before).
 * Build it in the thread it measures: /proc/thread-self is the thread that opens it.
 * @returns {ThreadClock}
 */
export function createThreadClock() {
  const threadCpuUsage =
    /** @type {{ threadCpuUsage?: () => { user: number; system: number } }} */ (
      /** @type {unknown} */ (process)
    ).threadCpuUsage;
  const schedstat = schedstatReader();
  if (schedstat) {
    return {
      kind: 'schedstat',
      now() {
        const [onCpu, waited] = schedstat();
        const wall = Number(process.hrtime.bigint());
        return { fine: wall - waited, coarse: onCpu, wall };
      },
    };
  }
  if (typeof threadCpuUsage === 'function') {
    return {
      kind: 'thread-cpu',
      now() {
        const { user, system } = threadCpuUsage.call(process);
        const ns = (user + system) * 1000;
        return { fine: ns, coarse: ns, wall: Number(process.hrtime.bigint()) };
      },
    };
  }
  return {
    kind: 'wall',
    now() {
      const ns = Number(process.hrtime.bigint());
      return { fine: ns, coarse: ns, wall: ns };
    },
  };
}

/** The longest a scheduler tick can be (HZ=100): the most schedstat's time on CPU lags behind. */
export const TICK_NS = 10e6;

/**
 * The CPU time between two readings: the fine clock's span, held within a tick of the coarse
 * clock's span (ns). A fine span that did not move forward, or moved faster than the wall clock,
 * is not a measurement: under load the wait for a CPU is sometimes counted late, and a short run
 * then read 0. The wall span, the most one thread can have run, stands in for it, held the same way.
 * @param {Reading} from
 * @param {Reading} to
 */
export function heldSpan(from, to) {
  const coarse = to.coarse - from.coarse;
  const wall = to.wall - from.wall;
  const fine = to.fine - from.fine;
  const measured = fine > 0 && fine <= wall ? fine : wall;
  return Math.min(Math.max(measured, coarse - TICK_NS), coarse + TICK_NS);
}

/** Reads the thread's time on CPU and total wait for a CPU (ns) from schedstat; null where there is none. */
function schedstatReader() {
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
    return /** @type {[number, number]} */ ([Number(fields[0]), Number(fields[1])]);
  };
  try {
    if (!read().every(Number.isFinite)) throw new Error('unreadable');
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
    this.highest = 0;
    this.lastLook = performance.now();
    this.nextLookMs = ms;
    this.over = false;
  }

  /**
   * CPU time used since the budget started, in nanoseconds: never less than an earlier reading, so
   * a run judged over its limit is never reported as under it.
   */
  spent() {
    this.highest = Math.max(this.highest, heldSpan(this.start, this.clock.now()));
    return this.highest;
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
