import type { GameTimerClock } from '../../src';

/** A clock the test moves by hand, and alarms that ring only when it says so. */
export function fakeClock(start: number) {
  let now = start;
  const alarms = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  const clock: GameTimerClock = {
    now: () => now,
    setTimer(callback, delayMs) {
      const handle = next++;
      alarms.set(handle, { at: now + delayMs, callback });
      return handle;
    },
    clearTimer: (handle) => void alarms.delete(handle as number),
  };
  return {
    clock,
    pending: () => alarms.size,
    /** Moves the clock and rings every alarm that is due. */
    advance(ms: number) {
      now += ms;
      for (const [handle, alarm] of [...alarms]) {
        if (alarm.at <= now) {
          alarms.delete(handle);
          alarm.callback();
        }
      }
    },
  };
}
