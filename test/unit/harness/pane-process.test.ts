/**
 * The harness (which the packaged qualification runner ships) kills a client's processes by the
 * pane's pid when it stops: a pane that closed before its pid was read names no process at all,
 * never the runner's own process group (0) or init's descendants.
 */
import { strict as assert } from 'node:assert';
import { paneProcess } from '../../../src/qualify/launched-servers';

describe("the pane's process, as tmux prints it", () => {
  it('is the pid tmux printed', () => {
    assert.equal(paneProcess('4242\n'), 4242);
  });

  it('is none for a closed pane, and never 0, 1 or a number that is no pid', () => {
    for (const printed of ['', '\n', '0', '1', '-5', '12.5', 'abc']) assert.equal(paneProcess(printed), 0, printed);
  });
});
