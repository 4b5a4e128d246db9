/**
 * A release qualified on the person's machine, live through `node dist/server.js --stdio`: the
 * newest Claude Code with the extension's own record of it withheld (as on the day it lands), and
 * a local qualification record in the editor's global storage. The record is bound to the binary:
 * naming the binary's SHA-256 (read here from the installed file), its questionnaire is answered
 * and checked at the fake model; forgotten, the next question is left to the terminal with zero
 * input; a record naming another binary at the same version grants nothing.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUESTS, type StatusResult } from '../../src/shared/protocol';
import type { ListLocalQualificationsResult } from '../../src/shared/qualification-shapes';
import { sha256OfFile } from '../../src/server/qualify/binary-digest';
import { LOCAL_RECORD_FORMAT, LocalQualifications } from '../../src/server/qualify/local-qualifications';
import { adapterOf } from '../../src/adapters/registry';
import { Q_DATABASE, Q_NAME } from '../../src/agents/claude/qualify/questions';
import { agentBinary } from '../../src/qualify/install-agents';
import { readRecord, recordPath } from '../../src/qualify/runner/records';
import { stableView } from '../../src/qualify/normalise';
import { NEWEST } from '../../src/qualify/versions';
import { optionId, question, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { sleep } from '../../src/qualify/wait';

const VERSION = NEWEST.claude;
const WITHHELD = { AKK_WITHHOLD_QUALIFIED: `claude@${VERSION}` };

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

describe(`Claude Code ${VERSION} withheld and qualified on this machine (live)`, function () {
  this.timeout(180_000);
  let global: string;
  let sha256: string;
  let local: LocalQualifications;
  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    sha256 = (await sha256OfFile(await agentBinary('claude', VERSION))) ?? '';
    assert.match(sha256, /^[0-9a-f]{64}$/);
  });
  beforeEach(() => {
    global = mkdtempSync(join(tmpdir(), 'akk-global-'));
    local = new LocalQualifications(global);
  });
  afterEach(() => rmSync(global, { recursive: true, force: true }));

  /** A record of what the repository's qualification of this release established, for `binarySha`. */
  function grant(binarySha: string, executable: string): void {
    const shipped = readRecord(recordPath('claude', VERSION));
    local.add({
      format: LOCAL_RECORD_FORMAT,
      agent: 'claude',
      version: VERSION,
      executable: { path: executable, sha256: binarySha },
      generation: shipped.generation ?? '',
      shapes: [...(adapterOf('claude')?.gatedShapes() ?? [])],
      renderings: [],
      qualifiedAt: new Date().toISOString(),
      seconds: 1,
      screens: shipped.screens.length,
    });
  }

  it('answers its questionnaire for the binary its record names; forgotten, the next is the terminal’s', async () => {
    grant(sha256, await agentBinary('claude', VERSION));
    const a = await startServerAgent(
      'claude',
      {
        name: 'local-qualified',
        turns: [
          { kind: 'ask', questions: [Q_DATABASE] },
          { kind: 'ask', questions: [Q_NAME] },
        ],
      },
      WITHHELD,
      {},
      { globalStorageDir: global },
    );
    const listed = (await a.call(REQUESTS.listLocalQualifications.method, {})).result as ListLocalQualificationsResult;
    assert.equal(listed.records.length, 1);
    assert.equal(listed.records[0]?.sha256, sha256);
    assert.equal(listed.records[0]?.superseded, false, 'withheld, the shipped record does not answer it');

    await userPrompt(a.term, 'set up the service');
    const s1 = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === Q_DATABASE.question, 30_000, 'Q1');
    const r1 = await chooseOne(a, s1, 'PostgreSQL');
    assert.equal((r1.result as { outcome?: string } | undefined)?.outcome, 'resolved', JSON.stringify(r1.error));
    const first = await a.model.waitForToolResult(a.model.issued[0]?.id ?? '', 30_000);
    assert.match(first.content, /"Which database should the service use\?"="PostgreSQL"/);

    // Forgotten: the same binary is not qualified any more, so the next question is the terminal's.
    const forgot = await a.call(REQUESTS.forgetLocalQualifications.method, { agent: 'claude', version: VERSION });
    assert.equal((forgot.result as { removed: string[] }).removed.length, 1);
    const s2 = await a.waitStatus(
      (x) => x.state === 'manual_required' && (x.manual_reason ?? '').includes(Q_NAME.question),
      30_000,
      'the next question, left to the terminal',
    );
    assert.ok((s2.manual_reason ?? '').includes(`${VERSION} is not a qualified version`), s2.manual_reason ?? '');
    const before = stableView(await a.term.capture());
    await sleep(2000);
    assert.equal(stableView(await a.term.capture()), before, 'something was typed');
    assert.equal(a.model.toolResults().length, 1, 'the model received an answer to the second question');
  });

  it('a record naming another binary at the same version grants nothing: manual, zero input', async () => {
    grant('0'.repeat(64), '/opt/elsewhere/claude');
    const a = await startServerAgent(
      'claude',
      { name: 'local-other-binary', turns: [{ kind: 'ask', questions: [Q_DATABASE] }] },
      WITHHELD,
      {},
      { globalStorageDir: global },
    );
    await userPrompt(a.term, 'set up the service');
    const s = await a.waitStatus(
      (x) => x.state === 'manual_required' && (x.manual_reason ?? '').includes(Q_DATABASE.question),
      30_000,
      'the question, left to the terminal',
    );
    assert.equal(s.interaction, null);
    const before = stableView(await a.term.capture());
    await sleep(2000);
    assert.equal(stableView(await a.term.capture()), before, 'something was typed');
    assert.deepEqual(a.model.toolResults(), []);
  });
});
