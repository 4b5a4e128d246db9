/** In-process async locks, taken in one canonical order: terminal, store writer, turn. */

export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` once every earlier holder of `key` has finished. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

export class DispatchLocks {
  private readonly terminal = new KeyedMutex();
  private readonly store = new KeyedMutex();
  private readonly turn = new KeyedMutex();

  /** Terminal, then store writer, then turn: the same order for every caller, so no deadlock. */
  hold<T>(terminalKey: string, turnKey: string, work: () => Promise<T>): Promise<T> {
    return this.terminal.run(terminalKey, () => this.store.run('writer', () => this.turn.run(turnKey, work)));
  }
}
