import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCodeUpdates } from '../src/legacy/socket/code-updates';

const errors: unknown[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  expect(errors.splice(0)).toEqual([]);
});

/** A coalescer whose sends are recorded; each send can be held open to test what comes during it. */
function setup() {
  const sends: { gameId: string; skip: string | null }[] = [];
  let hold: Promise<void> | null = null;
  const updates = createCodeUpdates({
    delayMs: 100,
    flush: async (gameId, skip) => {
      sends.push({ gameId, skip });
      await hold;
    },
    onError: (error) => errors.push(error),
  });
  return {
    updates,
    sends,
    holdSends: () => {
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('CollabCode code updates for the original client', () => {
  it("gathers a game's changes into one send per interval, each game on its own", async () => {
    const { updates, sends } = setup();
    updates.changed('g1', 'e1');
    await vi.advanceTimersByTimeAsync(50);
    updates.changed('g1', 'e2');
    updates.changed('g2', 'e3');
    expect(sends).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(sends).toEqual([{ gameId: 'g1', skip: null }]);
    await vi.advanceTimersByTimeAsync(50);
    expect(sends).toEqual([
      { gameId: 'g1', skip: null },
      { gameId: 'g2', skip: null },
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends).toHaveLength(2);
  });

  it('a change during a send is sent again after it: the final text always goes out last', async () => {
    const { updates, sends, holdSends } = setup();
    const release = holdSends();
    updates.changed('g1', 'e1');
    await vi.advanceTimersByTimeAsync(100);
    expect(sends).toHaveLength(1);
    updates.changed('g1', 'e2');
    // The second send waits for the first, however long it takes.
    await vi.advanceTimersByTimeAsync(500);
    expect(sends).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toHaveLength(2);
  });

  it('skips the socket that made every change of the interval, nobody when others changed it too', async () => {
    const { updates, sends } = setup();
    updates.changed('g1', 'e1');
    updates.movedBy('e1', 'socket-a');
    updates.movedBy('e2', 'socket-a');
    updates.changed('g1', 'e2');
    await vi.advanceTimersByTimeAsync(100);
    // The web app's change (no makeMove) or another socket's: everyone hears the merged text.
    updates.changed('g1', 'e3');
    updates.movedBy('e3', 'socket-a');
    updates.changed('g1', 'e4');
    await vi.advanceTimersByTimeAsync(100);
    updates.changed('g1', 'e5');
    updates.movedBy('e5', 'socket-a');
    updates.changed('g1', 'e6');
    updates.movedBy('e6', 'socket-b');
    await vi.advanceTimersByTimeAsync(100);
    expect(sends.map((send) => send.skip)).toEqual(['socket-a', null, null]);
  });

  it("runs a game's other room work in order with its sends", async () => {
    const { updates, sends, holdSends } = setup();
    const release = holdSends();
    updates.changed('g1', 'e1');
    await vi.advanceTimersByTimeAsync(100);
    const done: string[] = [];
    updates.run('g1', async () => void done.push('state'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect([sends.length, done]).toEqual([1, ['state']]);
  });

  it('sends nothing after close', async () => {
    const { updates, sends } = setup();
    updates.changed('g1', 'e1');
    updates.close();
    updates.changed('g1', 'e2');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends).toEqual([]);
  });
});
