/** A qualification record read from disk is checked at the boundary: a malformed one is refused by name. */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecord, recordPath } from '../../../src/qualify/runner/records';

describe('qualification record files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'akk-record-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a record with a wrong field, naming the file', () => {
    const good = JSON.parse(JSON.stringify(readRecord(recordPath('claude', '2.1.332')))) as Record<string, unknown>;
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ ...good, result: 'maybe' }));
    assert.throws(
      () => readRecord(file),
      (e: Error) => e.message.startsWith(`${file}: not a qualification record`),
    );
    writeFileSync(file, JSON.stringify({ ...good, extra: true }));
    assert.throws(() => readRecord(file), /not a qualification record/);
  });

  it('refuses a file that is not JSON, naming the file', () => {
    const file = join(dir, 'torn.json');
    writeFileSync(file, '{"agent": "claude", ');
    assert.throws(
      () => readRecord(file),
      (e: Error) => e.message.includes(file),
    );
  });
});
