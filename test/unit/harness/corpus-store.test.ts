/**
 * The corpus kept by content: each distinct file once, as a blob named by its digest, and per
 * release a manifest of what it claims. Checked on the repository's own corpus (every blob is
 * named by a manifest and has its digest), and on a scratch corpus built from a real stored target:
 * the next release, drawn alike but for its version, adds only the screens it draws otherwise; a
 * byte changed in a shared blob is named with every release that claims it.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CorpusError,
  MANIFEST,
  isCorpusDir,
  listCorpus,
  materialiseTarget,
  pruneBlobs,
  readCorpusFile,
  storeTargetFrom,
  verifyCorpus,
  writeTarget,
} from '../../../src/qualify/corpus/corpus-store';
import { FIXTURES } from '../../../src/qualify/harness-data';

const VERSION = '2.1.332';
const NEXT = '2.1.999';
const TARGET = '80x24-light-truecolor';

/** The files of one stored target, read through the store. */
function storedFiles(version: string, target: string): Map<string, string> {
  const dir = path.join(FIXTURES, 'claude', version, target);
  return new Map(listCorpus(dir).map((n) => [n, readCorpusFile(path.join(dir, n))]));
}

describe("the corpus kept by content: the repository's own", () => {
  it('every blob a manifest names is there and has the digest it is named by', () => {
    assert.deepEqual(verifyCorpus(FIXTURES), []);
  });

  it('every blob is named by some manifest: one blob per distinct content, none left over', () => {
    assert.deepEqual(pruneBlobs(FIXTURES, false), []);
  });

  it("a release's folder lists its record and its targets, never how they are kept", () => {
    const names = listCorpus(path.join(FIXTURES, 'claude', VERSION));
    assert.ok(names.includes('qualification.json'));
    assert.ok(names.includes('80x24') && names.includes(TARGET), names.join(', '));
    assert.ok(!names.includes(MANIFEST));
    assert.ok(!listCorpus(FIXTURES).includes('blobs'));
    assert.ok(isCorpusDir(path.join(FIXTURES, 'claude', VERSION, TARGET)));
  });

  it('a stored screen reads as captured: its sidecar names its own release, size and capture time', () => {
    const side = JSON.parse(readCorpusFile(path.join(FIXTURES, 'claude', VERSION, '80x24', '01-idle.json'))) as {
      version: string;
      size: string;
      captured: string;
    };
    assert.equal(side.version, VERSION);
    assert.equal(side.size, '80x24');
    assert.match(side.captured, /^\d{4}-\d\d-\d\dT/);
  });
});

describe('the corpus kept by content: a scratch corpus', () => {
  let root = '';
  let scratch = '';
  const versionDir = (v: string): string => path.join(root, 'claude', v);
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-corpus-store-'));
    scratch = path.join(root, 'scratch');
    fs.mkdirSync(path.join(root, 'store', 'blobs'), { recursive: true });
    root = path.join(root, 'store');
  });
  afterEach(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

  /** The stored target as its next release would draw it: its version, a later capture time. */
  function nextRelease(changed: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const [name, text] of storedFiles(VERSION, TARGET)) {
      let t = text
        .split(VERSION)
        .join(NEXT)
        .replace(/^( {2}"captured": )"[^"]*"/m, '$1"2026-12-31T00:00:00.000Z"');
      if (name === changed) t = t.replace('Yes', 'Yes!');
      out.set(name, t);
    }
    return out;
  }

  it('the next release, drawn alike but for its version and one screen, adds that screen only', () => {
    const first = storedFiles(VERSION, TARGET);
    const added = writeTarget(versionDir(VERSION), TARGET, first);
    assert.ok(added > 10 && added <= first.size, `${added} blobs for ${first.size} files`);
    const changed = [...first.keys()].find(
      (n) => n.endsWith('.txt') && !n.endsWith('.ansi.txt') && /Yes/.test(first.get(n) ?? ''),
    );
    assert.ok(changed);
    const next = nextRelease(changed);
    const from = path.join(scratch, 'claude', NEXT, TARGET);
    fs.mkdirSync(from, { recursive: true });
    for (const [name, text] of next) fs.writeFileSync(path.join(from, name), text);
    assert.equal(storeTargetFrom(from, versionDir(NEXT), TARGET), 1);
    // Each release reads back byte for byte as it was captured.
    for (const [name, text] of next) assert.equal(readCorpusFile(path.join(versionDir(NEXT), TARGET, name)), text);
    for (const [name, text] of first) assert.equal(readCorpusFile(path.join(versionDir(VERSION), TARGET, name)), text);
    const out = path.join(scratch, 'out');
    materialiseTarget(versionDir(NEXT), TARGET, out);
    assert.deepEqual(fs.readdirSync(out).sort(), [...next.keys()].sort());
    assert.deepEqual(verifyCorpus(root), []);
  });

  it('a changed byte in a shared blob is named with every release and file that claims it', () => {
    writeTarget(versionDir(VERSION), TARGET, storedFiles(VERSION, TARGET));
    writeTarget(versionDir(NEXT), TARGET, nextRelease(''));
    const manifest = JSON.parse(fs.readFileSync(path.join(versionDir(NEXT), MANIFEST), 'utf8')) as {
      targets: Record<string, Record<string, string | { blob: string }>>;
    };
    const entry = manifest.targets[TARGET]?.['04-single-select.txt'];
    const blob = typeof entry === 'string' ? entry : (entry?.blob as string);
    const file = path.join(root, 'blobs', blob.slice(0, 2), blob.slice(2));
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 2] = bytes[bytes.length - 2] === 0x41 ? 0x42 : 0x41;
    fs.writeFileSync(file, bytes);
    const problems = verifyCorpus(root);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0] ?? '', new RegExp(`does not have the digest`));
    assert.match(problems[0] ?? '', new RegExp(`claude/${VERSION}/${TARGET}/04-single-select.txt`));
    assert.match(problems[0] ?? '', new RegExp(`claude/${NEXT}/${TARGET}/04-single-select.txt`));
    fs.rmSync(file);
    assert.match(verifyCorpus(root)[0] ?? '', /is missing; claimed by .*2\.1\.332.*2\.1\.999/);
  });

  it("a file holding one of the store's own placeholders is refused, and nothing is stored", () => {
    assert.throws(
      () => writeTarget(versionDir(NEXT), TARGET, new Map([['01-idle.txt', 'drawn {{akk.version}}\n']])),
      CorpusError,
    );
    assert.ok(!fs.existsSync(path.join(versionDir(NEXT), MANIFEST)));
    assert.deepEqual(fs.readdirSync(path.join(root, 'blobs')), []);
  });

  it('a manifest that is not one is refused with a typed error naming it, and its folder is left as it is', () => {
    const dir = path.join(root, 'claude', NEXT);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, MANIFEST), '{"agent": "claude", "targ');
    assert.throws(
      () => listCorpus(dir),
      (e: unknown) => e instanceof CorpusError && e.message.includes(MANIFEST),
    );
    assert.equal(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'), '{"agent": "claude", "targ');
    const other = path.join(root, 'claude', '2.1.998');
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, MANIFEST), '{"agent": "claude"}');
    assert.throws(() => listCorpus(other), CorpusError);
  });

  it('a release folder without a manifest is read from disk as it is', () => {
    const dir = path.join(root, 'claude', NEXT, '80x24');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '01-idle.txt'), 'on disk\n');
    assert.deepEqual(listCorpus(dir), ['01-idle.txt']);
    assert.equal(readCorpusFile(path.join(dir, '01-idle.txt')), 'on disk\n');
  });

  it('the blobs no release names any more go', () => {
    writeTarget(versionDir(NEXT), TARGET, new Map([['01-idle.txt', 'first\n']]));
    writeTarget(versionDir(NEXT), TARGET, new Map([['01-idle.txt', 'second\n']]));
    assert.equal(pruneBlobs(root, true).length, 1);
    assert.deepEqual(pruneBlobs(root, false), []);
    assert.equal(readCorpusFile(path.join(versionDir(NEXT), TARGET, '01-idle.txt')), 'second\n');
  });
});
