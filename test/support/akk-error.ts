/** The stable code of the AkkError a call throws, or 'no error'. */
import { strict as assert } from 'node:assert';
import { AkkError } from '../../src/shared/errors';

export function thrownCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof AkkError, String(e));
    return e.code;
  }
  return 'no error';
}
