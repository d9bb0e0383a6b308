/**
 * One holder at a time, in call order: a process's writes to a SQLite file. `acquire` resolves to
 * the release; `run` holds the lock for the length of an async function.
 */
export class WriteLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return turn;
  }

  async run<R>(body: () => Promise<R> | R): Promise<R> {
    const release = await this.acquire();
    try {
      return await body();
    } finally {
      release();
    }
  }
}
