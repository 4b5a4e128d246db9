/**
 * A qualification on the person's machine checks their own terminal size too, judged on real
 * captures: the newest Claude Code's corpus screens at 120x40 stand for the standard capture, and
 * the same binary's capture at 100x15 (a bottom-panel terminal; under test/unit/harness/screens)
 * for the one at the person's size. At 15 rows some steps are drawn so that they are left to the
 * terminal (a four-option list scrolls inside its dialog): they are reported as shown only there,
 * never a reason. A screen read there as a step its answer key does not expect is: the version is
 * not qualified, the screen is named and nothing is written.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalQualifications } from '../../../src/server/qualify/local-qualifications';
import { qualifyLocally } from '../../../src/qualify/runner/local';
import { FIXTURES } from '../../../src/qualify/runner/records';
import { NEWEST } from '../../../src/qualify/versions';
import { materialiseTarget, readCorpusFile } from '../../../src/qualify/corpus/corpus-store';

const VERSION = NEWEST.claude;
const STANDARD = '120x40';
const PERSON = '100x15';
const CAPTURED = path.join(__dirname, 'screens', `claude-${VERSION}-${PERSON}`);

describe(`qualifying ${VERSION} on this machine at the person's ${PERSON} as well`, function () {
  this.timeout(60_000);
  let root: string;
  let global: string;
  let person: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-person-size-'));
    global = path.join(root, 'global');
    materialiseTarget(
      path.join(FIXTURES, 'claude', VERSION),
      STANDARD,
      path.join(root, 'scratch', 'claude', VERSION, STANDARD),
    );
    person = path.join(root, 'scratch', 'person', 'claude', VERSION, PERSON);
    fs.cpSync(CAPTURED, person, { recursive: true });
    fs.writeFileSync(path.join(root, 'claude.exe'), 'the binary that drew these screens');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const run = (personSize = PERSON) =>
    qualifyLocally({
      agent: 'claude',
      version: VERSION,
      binary: path.join(root, 'claude.exe'),
      globalStorageDir: global,
      sizes: [STANDARD],
      personSize,
      scratch: path.join(root, 'scratch'),
      reuseCapture: true,
    });

  it('is qualified; the steps a 15-row terminal leaves to itself are named as shown only there', async () => {
    const o = await run();
    assert.equal(o.result, 'qualified', o.reason);
    const at = o.personSize;
    assert.ok(at);
    assert.deepEqual(at.misread, []);
    // The scenario's question has four options and a free-text row: taller than 15 rows can show.
    const single = at.shownOnly.find((s) => s.startsWith('04-single-select: '));
    assert.match(single ?? '', /option 4 is out of sight in this 15-row terminal/);
    // The harness drives by the rows in sight: the steps it could not reach there are reported.
    assert.ok(at.unreached.includes('claude-multi-question at multi-question-2'), JSON.stringify(at.unreached));
    assert.match(o.reason, new RegExp(`at this terminal's ${PERSON}, ${at.screens} screens were checked`));
    assert.equal(new LocalQualifications(global).read().records.length, 1);
  });

  it('a permission drawn with another command there: not qualified, the screen named, nothing written', async () => {
    for (const ext of ['.txt', '.ansi.txt']) {
      const file = path.join(person, `13-permission-bash${ext}`);
      fs.writeFileSync(file, readCorpusFile(file).split('touch notes.txt').join('touch notes.md'));
    }
    const o = await run();
    assert.equal(o.result, 'differs');
    assert.ok(
      o.personSize?.misread.some((m) => m.startsWith('13-permission-bash: recognition')),
      JSON.stringify(o.personSize),
    );
    assert.match(o.reason, new RegExp(`at this terminal's ${PERSON} \\d+ screen\\(s\\) are misread`));
    assert.deepEqual(new LocalQualifications(global).read().records, []);
  });

  it('a scenario its answer key does not model at that size is named as not judged, not a reason', async () => {
    // As where the client keeps a row by width that the key drops: the key cannot follow the keys pressed.
    const side = path.join(person, '13-permission-bash.json');
    const sidecar = JSON.parse(readCorpusFile(side)) as { scenario: string; next: string[] };
    fs.writeFileSync(side, JSON.stringify({ ...sidecar, next: ['7'] }));
    const o = await run();
    assert.equal(o.result, 'qualified', o.reason);
    assert.deepEqual(o.personSize?.unjudged, [`${sidecar.scenario}: unmodelled key 7 in a permission prompt`]);
    assert.match(o.reason, /1 scenario\(s\) not judged/);
  });

  it('a terminal of the standard size is not captured twice', async () => {
    const o = await run(STANDARD);
    assert.equal(o.result, 'qualified', o.reason);
    assert.equal(o.personSize, undefined);
  });
});
