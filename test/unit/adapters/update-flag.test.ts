/** The expectations-update flag is refused in CI, whatever its value, and honoured only as `1` elsewhere. */
import { strict as assert } from 'node:assert';
import { updateExpectations } from './update-flag';

describe('the expectations-update flag', () => {
  it('is refused in CI, loudly', () => {
    for (const CI of ['true', '1', 'yes']) {
      for (const flag of ['1', 'true', '0']) {
        assert.throws(
          () => updateExpectations({ CI, AKK_UPDATE_FIXTURES: flag }),
          /CI checks the reviewed expectations and never rewrites them/,
          `CI=${CI} flag=${flag}`,
        );
      }
    }
  });

  it('rewrites only when set to 1 outside CI', () => {
    assert.equal(updateExpectations({ AKK_UPDATE_FIXTURES: '1' }), true);
    assert.equal(updateExpectations({ CI: 'false', AKK_UPDATE_FIXTURES: '1' }), true);
    assert.equal(updateExpectations({ AKK_UPDATE_FIXTURES: '0' }), false);
    assert.equal(updateExpectations({ CI: 'true' }), false);
    assert.equal(updateExpectations({}), false);
  });

  it('is not set in this run if this run is CI', () => {
    // The unit tier itself: in CI it must be checking, not rewriting (fixtures.test.ts also refuses).
    assert.doesNotThrow(() => updateExpectations(process.env));
  });
});
