/**
 * Qualifications made on this machine, on a real folder: records are read back checked (a file
 * that is not one is set aside with why, never stopping the others), forgotten by binary, version
 * or all, and a grant is given only to the binary whose SHA-256 the record names.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BinaryDigests } from '../../../src/server/qualify/binary-digest';
import {
  LOCAL_RECORD_FORMAT,
  LocalQualifications,
  type LocalRecord,
} from '../../../src/server/qualify/local-qualifications';
import { ProfileSources } from '../../../src/server/qualify/profile-sources';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

function record(version: string, executable: string, content: string): LocalRecord {
  return {
    format: LOCAL_RECORD_FORMAT,
    agent: 'claude',
    version,
    executable: { path: executable, sha256: sha(content) },
    generation: '2.1.332',
    shapes: ['permission-edit'],
    renderings: ['light/truecolor'],
    qualifiedAt: '2026-12-02T12:00:00.000Z',
    seconds: 140,
    screens: 77,
  };
}

describe('qualifications made on this machine', () => {
  let dir: string;
  let local: LocalQualifications;
  let binary: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-local-q-'));
    local = new LocalQualifications(dir);
    binary = path.join(dir, 'claude.exe');
    fs.writeFileSync(binary, 'the binary that was qualified');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('without a folder there is nothing, and no problem', () => {
    assert.deepEqual(local.read(), { records: [], problems: [] });
  });

  it('reads back what it wrote, by version', () => {
    local.add(record('2.1.999', binary, 'the binary that was qualified'));
    local.add(record('2.1.998', binary, 'another build'));
    assert.equal(local.read().records.length, 2);
    assert.deepEqual(
      local.forVersion('claude', '2.1.999').map((r) => r.version),
      ['2.1.999'],
    );
    assert.deepEqual(local.forVersion('codex', '2.1.999'), []);
  });

  it('refuses to write a record that is not one', () => {
    assert.throws(() => local.add({ ...record('2.1.999', binary, 'x'), generation: 'latest' }));
    assert.throws(() => local.add({ ...record('2.1.999', binary, 'x'), executable: { path: binary, sha256: 'abc' } }));
    assert.deepEqual(local.read().records, []);
  });

  it('sets aside a corrupt, a foreign and an oversized file with why, and keeps the good record', () => {
    local.add(record('2.1.999', binary, 'the binary that was qualified'));
    fs.writeFileSync(path.join(local.dir, 'torn.json'), '{"format": "akk-local-qual');
    fs.writeFileSync(path.join(local.dir, 'foreign.json'), JSON.stringify({ hello: 'world' }));
    fs.writeFileSync(path.join(local.dir, 'huge.json'), ' '.repeat(200 * 1024));
    fs.writeFileSync(path.join(local.dir, 'notes.txt'), 'not json, not read');
    const { records, problems } = local.read();
    assert.equal(records.length, 1);
    assert.equal(problems.length, 3);
    assert.ok(problems.some((p) => p.startsWith('torn.json: ')));
    assert.ok(problems.some((p) => p.startsWith('foreign.json: not a local qualification record')));
    assert.ok(problems.some((p) => p.startsWith('huge.json: ') && p.includes('is not a record')));
  });

  it('forgets one binary, one version, or everything (files that were not records too)', () => {
    local.add(record('2.1.999', binary, 'the binary that was qualified'));
    local.add(record('2.1.999', binary, 'a patched build'));
    local.add(record('2.1.998', binary, 'x'));
    fs.writeFileSync(path.join(local.dir, 'torn.json'), '{');
    assert.equal(local.forget({ sha256: sha('a patched build') }).length, 1);
    assert.equal(local.forVersion('claude', '2.1.999').length, 1);
    assert.equal(local.forget({ agent: 'claude', version: '2.1.998' }).length, 1);
    assert.equal(local.read().problems.length, 1, 'a filtered forget leaves files that are not records');
    assert.deepEqual(local.forget().sort(), [
      'claude-2.1.999-' + sha('the binary that was qualified').slice(0, 16) + '.json',
      'torn.json',
    ]);
    assert.deepEqual(local.read(), { records: [], problems: [] });
  });

  describe('the grant, bound to the binary', () => {
    const sources = (withheld: string[] = []): ProfileSources =>
      new ProfileSources({ local, digests: new BinaryDigests(), withheld: new Set(withheld), log: () => undefined });

    it('is given to the binary whose digest the record names', async () => {
      local.add(record('2.1.999', binary, 'the binary that was qualified'));
      const s = await sources().resolve({ agent: 'claude', version: '2.1.999', executable: binary });
      assert.deepEqual(s, {
        local: { generation: '2.1.332', shapes: ['permission-edit'], renderings: ['light/truecolor'] },
      });
    });

    it('is not given to another binary at the same version, nor when the file is replaced', async () => {
      local.add(record('2.1.999', binary, 'the binary that was qualified'));
      const other = path.join(dir, 'other.exe');
      fs.writeFileSync(other, 'a new build, same version string');
      const p = sources();
      assert.equal(await p.resolve({ agent: 'claude', version: '2.1.999', executable: other }), undefined);
      fs.writeFileSync(binary, 'the binary, patched in place');
      assert.equal(await p.resolve({ agent: 'claude', version: '2.1.999', executable: binary }), undefined);
      assert.equal(await p.resolve({ agent: 'claude', version: '2.1.999', executable: null }), undefined);
    });

    it('is not needed where the shipped tables qualify the version; withholding them is known at once', async () => {
      local.add(record('2.1.332', binary, 'the binary that was qualified'));
      assert.equal(await sources().resolve({ agent: 'claude', version: '2.1.332', executable: binary }), undefined);
      const withheld = sources(['claude@2.1.332']);
      assert.deepEqual(withheld.initial('claude', '2.1.332'), { withholdShipped: true });
      assert.equal(withheld.initial('claude', '2.1.331'), undefined);
      const s = await withheld.resolve({ agent: 'claude', version: '2.1.332', executable: binary });
      assert.equal(s?.withholdShipped, true);
      assert.equal(s?.local?.generation, '2.1.332');
    });
  });
});
