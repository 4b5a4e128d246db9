/**
 * A language-model tool that sends nothing says why with a code from the protocol's list, on every
 * path: a failure that carried none is `internal_error`, never an untyped "error".
 */
import { strict as assert } from 'node:assert';
import { ERROR_CODES, codedError } from '../../../src/shared/errors';
import { toolRefusal } from '../../../src/extension/answering/tool-refusal';

describe("a language-model tool's refusal", () => {
  it('keeps the code the failure carried', () => {
    assert.deepEqual(toolRefusal(codedError('stale_revision', 'the prompt changed')), {
      error: { code: 'stale_revision', message: 'the prompt changed' },
    });
  });

  it('is typed even when the failure carried no code, or an unknown one', () => {
    for (const error of [new Error('boom'), 'a string', null, Object.assign(new Error('x'), { data: { code: 'odd' } })])
      assert.ok((ERROR_CODES as readonly string[]).includes(toolRefusal(error).error.code), String(error));
    assert.equal(toolRefusal(new Error('boom')).error.code, 'internal_error');
  });
});
