/**
 * A local qualification's report is written where no other user of the machine can place a file
 * or a link before it: a folder of its own, entered by this user only, under a name nobody guesses.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { privateReportFile } from '../../../src/server/qualify/qualification-runner';

describe('the local qualification report file', () => {
  it('is in a private folder of its own, never at a predictable path in the shared temporary folder', () => {
    const a = privateReportFile();
    const b = privateReportFile();
    try {
      assert.notEqual(path.dirname(a), path.dirname(b));
      assert.notEqual(path.dirname(a), os.tmpdir());
      assert.equal(fs.statSync(path.dirname(a)).mode & 0o777, 0o700);
      assert.equal(fs.existsSync(a), false);
    } finally {
      for (const f of [a, b]) fs.rmSync(path.dirname(f), { recursive: true, force: true });
    }
  });
});
