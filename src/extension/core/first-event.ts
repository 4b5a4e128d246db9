/**
 * The first event that `pick` accepts within `timeoutMs`, or undefined once the time is up; the
 * subscription is ended either way. For waits on the editor's events that must not hang.
 */
type Event<T> = (listener: (e: T) => unknown) => { dispose(): unknown };

export function firstEvent<T, R>(
  event: Event<T>,
  pick: (e: T) => R | undefined,
  timeoutMs: number,
): Promise<R | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sub.dispose();
      resolve(undefined);
    }, timeoutMs);
    const sub = event((e) => {
      const picked = pick(e);
      if (picked === undefined) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(picked);
    });
  });
}
