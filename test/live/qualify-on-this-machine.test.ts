/**
 * Qualifying the person's own binary on their machine, live: the newest Claude Code's executable,
 * with the extension's own record of that release withheld (as on the day it lands), is captured
 * through every corpus scenario against the loopback fake model, each screen checked against its
 * answer key under the nearest qualified release's generation and compared with that release's
 * stored screens. It is qualified (within 3 minutes on 2 cores), a record bound to the binary's
 * SHA-256 is written into the editor's global storage, and the server started on that storage
 * answers the release's next questionnaire and permission, checked at the fake model. The same
 * capture judged against a reference whose answered screen was altered is not qualified, names
 * that screen, and writes nothing. The person's home directory is untouched throughout.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import { LocalQualifications } from '../../src/server/qualify/local-qualifications';
import { Q_DATABASE } from '../harness/agents/claude/scenarios';
import { agentBinary } from '../harness/install-agents';
import { qualifyLocally, type LocalOutcome } from '../harness/qualify/local';
import { nearestQualified, readRecords } from '../harness/qualify/records';
import { NEWEST } from '../harness/versions';
import { optionId, question, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';

const VERSION = NEWEST.claude;

/** Every file under `dir` with its content's digest, in order. */
function treeDigest(dir: string): string {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)} ${createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir);
  return createHash('sha256').update(out.join('\n')).digest('hex');
}

function chooseOne(a: ServerAgent, s: StatusResult, label: string) {
  const { i, q } = question(s);
  const answers = [
    { question_id: q.question_id, response_kind: 'single_select', selected_option_ids: [optionId(s, label)] },
  ];
  return a.call(
    REQUESTS.respondInteraction.method,
    { interaction_id: i.interaction_id, turn_id: i.turn_id, answers },
    30_000,
  );
}

describe(`qualifying Claude Code ${VERSION} on this machine, its shipped record withheld (live)`, function () {
  this.timeout(600_000);
  let binary: string;
  let global: string;
  let scratch: string;
  let home: string;
  let outcome: LocalOutcome;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    binary = await agentBinary('claude', VERSION);
    global = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-global-'));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-local-scratch-'));
    // A person's home with their own client config, credentials and history, which the run must not touch.
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-person-home-'));
    fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(home, '.claude', 'settings.json'), '{"theme": "light"}\n');
    fs.writeFileSync(path.join(home, '.claude.json'), '{"oauthAccount": {"emailAddress": "person@example.com"}}\n');
    fs.writeFileSync(path.join(home, '.bash_history'), 'claude\n');
  });
  after(() => {
    for (const d of [global, scratch, home]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('is qualified within 3 minutes, bound to the binary, and the person’s home is untouched', async () => {
    const before = treeDigest(home);
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      outcome = await qualifyLocally({ agent: 'claude', version: VERSION, binary, globalStorageDir: global, scratch });
    } finally {
      process.env.HOME = saved;
    }
    assert.equal(
      outcome.result,
      'qualified',
      `${outcome.reason}\n${JSON.stringify(outcome.differences).slice(0, 800)}`,
    );
    assert.ok(outcome.seconds <= 180, `took ${outcome.seconds} s`);
    assert.equal(treeDigest(home), before, 'the run changed a file in the person’s home');
    const { records } = new LocalQualifications(global).read();
    assert.equal(records.length, 1);
    assert.equal(records[0]?.record.executable.sha256, outcome.sha256);
    assert.equal(records[0]?.record.version, VERSION);
    assert.ok(outcome.screens > 50, `${outcome.screens} screens`);
  });

  it('the server on that storage answers its questionnaire and its permission', async function () {
    if (outcome?.result !== 'qualified') this.skip();
    const a = await startServerAgent(
      'claude',
      {
        name: 'qualified-here',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'bash', command: 'touch qualified-here.txt', description: 'Create qualified-here.txt' },
          { kind: 'text', text: 'Done.' },
        ],
      },
      { AKK_WITHHOLD_QUALIFIED: `claude@${VERSION}` },
      {},
      { globalStorageDir: global },
    );
    await userPrompt(a.term, 'set up the service');
    const q = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === Q_DATABASE.question, 30_000, 'Q');
    const r = await chooseOne(a, q, 'SQLite (Recommended)');
    assert.equal((r.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r.error));
    const answer = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(answer.content, /"Which database should the service use\?"="SQLite \(Recommended\)"/);
    const p = await a.waitStatus((x) => x.permission !== null, 30_000, 'the permission');
    assert.equal(p.permission?.subject, 'touch qualified-here.txt');
    const d = await a.call(
      REQUESTS.approve.method,
      { turn_id: p.permission?.turn_id, decision: 'approve_once' },
      30_000,
    );
    assert.ok(d.result, JSON.stringify(d.error));
    await a.model.waitForToolResult(a.model.issued[1]?.id ?? '', 30_000);
    assert.ok(fs.existsSync(path.join(a.term.workDir, 'qualified-here.txt')), 'the approved command did not run');
  });

  it('judged against a reference whose answered screen differs, it is not qualified and names that screen', async function () {
    if (outcome?.result !== 'qualified') this.skip();
    const records = readRecords('claude').filter((r) => r.version !== VERSION);
    const near = nearestQualified(records, VERSION, undefined, 'below');
    assert.ok(near);
    const altered = near.screens.find((s) => s.state === 'single-select' && outcome.screens > 0);
    assert.ok(altered, 'no single-select screen in the reference');
    const reference = {
      ...near,
      screens: near.screens.map((s) => (s === altered ? { ...s, plain: 'f'.repeat(32), styled: 'f'.repeat(32) } : s)),
    };
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-global-'));
    try {
      const o = await qualifyLocally({
        agent: 'claude',
        version: VERSION,
        binary,
        globalStorageDir: elsewhere,
        scratch,
        reuseCapture: true,
        references: [reference],
      });
      assert.equal(o.result, 'differs');
      assert.ok(
        o.differences.some((x) => x.screen.includes(`(${altered.scenario} step ${altered.step})`)),
        JSON.stringify(o.differences.map((x) => x.screen)),
      );
      assert.deepEqual(new LocalQualifications(elsewhere).read().records, [], 'a record was written');
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
