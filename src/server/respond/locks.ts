/** In-process async locks, taken in one canonical order: terminal, store writer, turn. */
import { KeyedMutex } from '../base/keyed-mutex';

export class DispatchLocks {
  private readonly terminal = new KeyedMutex();
  private readonly store = new KeyedMutex();
  private readonly turn = new KeyedMutex();

  /** Terminal, then store writer, then turn: the same order for every caller, so no deadlock. */
  hold<T>(terminalKey: string, turnKey: string, work: () => Promise<T>): Promise<T> {
    return this.terminal.run(terminalKey, () => this.store.run('writer', () => this.turn.run(turnKey, work)));
  }

  /**
   * The terminal alone, for input that writes nothing to the store (reading a scrolled list): a
   * terminal that keeps drawing then holds up no other session's answer.
   */
  holdTerminal<T>(terminalKey: string, work: () => Promise<T>): Promise<T> {
    return this.terminal.run(terminalKey, work);
  }
}
