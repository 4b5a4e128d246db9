/** Waiting in tests: a plain pause, and a bounded poll until a probe gives a value. */

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `probe` every `everyMs` until it gives a value (anything but `undefined` or `false`) and
 * returns it; a probe that throws is polled again. After `timeoutMs` it fails naming `what` and the
 * last error seen.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (e) {
      last = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${last})` : ''}`);
    await sleep(everyMs);
  }
}
