/** A tiny typed event emitter: listeners are called in order; one throwing does not stop the rest. */
export interface Disposable {
  dispose(): void;
}

type Listener<T> = (value: T) => void;

export class Emitter<T> {
  private listeners: Array<Listener<T>> = [];
  private readonly onError: (error: unknown) => void;

  constructor(onError?: (error: unknown) => void) {
    this.onError = onError ?? (() => undefined);
  }

  /** Subscribes; the returned disposable unsubscribes. */
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.length;
  }

  dispose(): void {
    this.listeners = [];
  }
}
