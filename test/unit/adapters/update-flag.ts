/**
 * The flag that rewrites the reviewed `*.expected.json` files from the recognizer's output. A run
 * in CI must check them, never regenerate them: there the flag is refused, loudly.
 */
import { inCi } from '../../support/environment';

export const UPDATE_FLAG = 'AKK_UPDATE_FIXTURES';

/** Whether to rewrite expectations; throws when the flag is set in CI (with any value). */
export function updateExpectations(env: NodeJS.ProcessEnv = process.env): boolean {
  const flag = env[UPDATE_FLAG];
  if (flag !== undefined && flag !== '' && inCi(env)) {
    throw new Error(
      `${UPDATE_FLAG}=${flag} is set in CI (CI=${env.CI ?? ''}): ` +
        `CI checks the reviewed expectations and never rewrites them. Unset ${UPDATE_FLAG}.`,
    );
  }
  return flag === '1';
}
