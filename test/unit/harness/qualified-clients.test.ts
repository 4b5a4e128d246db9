/**
 * The clients under test are the clients qualified: an install whose package integrity or
 * executable differs from its qualification record is refused, naming both.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { binaryIn, checkQualifiedClient } from '../../../src/qualify/install-agents';
import { readRecord, recordPath } from '../../../src/qualify/runner/records';
import { PACKAGES } from '../../../src/qualify/versions';

describe('installed clients against their qualification records', () => {
  let dir: string;
  const version = '2.1.332';
  const { client } = readRecord(recordPath('claude', version));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'akk-client-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function install(integrity: string, executable: string): void {
    const lock = { packages: { [`node_modules/${PACKAGES.claude}`]: { integrity } } };
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
    const bin = binaryIn('claude', dir);
    mkdirSync(dirname(bin), { recursive: true });
    writeFileSync(bin, executable);
  }

  it('refuses a package whose integrity is not the recorded one', () => {
    install('sha512-not-the-recorded-one', 'x');
    assert.throws(() => checkQualifiedClient('claude', version, dir), /package integrity sha512-not-the-recorded-one/);
  });

  it('refuses an executable whose SHA-256 is not the recorded one', () => {
    install(client.integrity, 'a different program');
    assert.throws(() => checkQualifiedClient('claude', version, dir), new RegExp(client.executableSha256));
  });
});
