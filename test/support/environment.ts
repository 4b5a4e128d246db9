/**
 * Tests that need something of the machine (root, a namespace, /proc): elsewhere they are skipped,
 * naming why; in CI, whose machine is known to have it, a missing need fails the test instead, so a
 * suite can never vanish with "0 failed".
 */

/** CI services set CI (to `true`, or another non-empty value); `false` and `0` mean not CI. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci !== '' && ci !== 'false' && ci !== '0';
}

/** Skips the running test (or hook) when `missing` names what the machine lacks; fails in CI. */
export function needs(ctx: Mocha.Context, missing: string | null | undefined): void {
  if (!missing) return;
  if (inCi()) throw new Error(`this CI machine lacks what the test needs: ${missing}`);
  ctx.skip();
}
