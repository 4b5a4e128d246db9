/**
 * "Qualify This Version on This Machine", live through `node dist/server.js --stdio`: a session
 * runs the newest Claude Code with the extension's own record of that release withheld (as on the
 * day it lands), so its prompts are left to the terminal. `akk/qualifyVersion` runs the
 * qualification of that session's exact binary (every corpus scenario against the loopback fake
 * model, each screen checked under the nearest qualified release's generation and compared with
 * its stored screens), reports its progress and how long it took (printed here; `npm run bench --
 * qualify` measures that time, quiet and under load, rather than a test asserting it); the record
 * is bound to the binary's SHA-256 and covers the rendering the person's client draws (its light
 * theme in a truecolor terminal, read from the client's own setting and environment, captured beside
 * the corpus's own); the session's next questionnaire and permission are then
 * answered, checked at the fake model and on disk. The person's home directory is untouched.
 * The server runs from a copy of exactly the files the .vsix carries, outside the repository, so the
 * run proves that the package is self-contained: its bundled runner, fake MCP servers and reference
 * screens, with no corpus, sources or node_modules to reach.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NOTIFICATIONS, REQUESTS, type StatusResult } from '../../src/shared/protocol';
import type { QualificationProgressParams, QualifyVersionResult } from '../../src/shared/qualification-shapes';
import { LocalQualifications } from '../../src/server/qualify/local-qualifications';
import { sha256OfFile } from '../../src/server/qualify/binary-digest';
import { Q_DATABASE } from '../../src/agents/claude/qualify/questions';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { optionId, question, startServerAgent, userPrompt, type ServerAgent } from '../support/server-agent';
import { INSTALL_TIMEOUT_MS } from '../support/agent-fixture';
import { installedCopy } from '../support/installed-copy';
import { until } from '../../src/qualify/wait';

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
  let global: string;
  let home: string;
  let installed: string;

  before(async function () {
    this.timeout(INSTALL_TIMEOUT_MS);
    await agentBinary('claude', VERSION);
    installed = installedCopy();
    global = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-global-'));
    // A person's home with their own client config, credentials and history, which the run must not touch.
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-person-home-'));
    fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(home, '.claude', 'settings.json'), '{"theme": "light"}\n');
    fs.writeFileSync(path.join(home, '.claude.json'), '{"oauthAccount": {"emailAddress": "person@example.com"}}\n');
    fs.writeFileSync(path.join(home, '.bash_history'), 'claude\n');
  });
  after(() => {
    for (const d of [global, home, installed]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('qualifies the session’s binary, then answers its questionnaire and permission', async () => {
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
      // The server, and the run it starts, see the person's home as theirs.
      { AKK_WITHHOLD_QUALIFIED: `claude@${VERSION}`, HOME: home },
      // The person's client draws its light theme in a truecolor terminal of 80x24, where the
      // question's option descriptions wrap and are told from their labels by style alone; the run
      // captures at that size as well as at the standard one.
      { size: { cols: 80, rows: 24 }, rendering: { theme: 'light', depth: 'truecolor' } },
      { globalStorageDir: global },
      path.join(installed, 'dist', 'server.js'),
    );
    const before = treeDigest(home);
    const listed = await a.call(REQUESTS.listSessions.method, {});
    const mine = (listed.result as { sessions: Array<{ session_id: string; unqualified_version?: unknown }> }).sessions;
    assert.ok(mine.find((s) => s.session_id === a.sessionId)?.unqualified_version, 'withheld, it is not qualified');

    const r = await a.call(REQUESTS.qualifyVersion.method, { session_id: a.sessionId }, 300_000);
    const q = r.result as QualifyVersionResult | undefined;
    assert.ok(q, JSON.stringify(r.error));
    assert.equal(q.result, 'qualified', `${q.reason}; ${q.differing.join(', ')}`);
    process.stdout.write(`      qualified on this machine in ${q.seconds} s, from the installed copy's runner\n`);
    // The person's 80x24 is not the size the release below was captured at: captured there too.
    assert.match(q.reason, /; at this terminal's 80x24, \d+ screens were checked/);
    const progress = a.server.notifications
      .filter((n) => n.method === NOTIFICATIONS.qualificationProgress)
      .map((n) => n.params as QualificationProgressParams);
    assert.ok(progress.length > 10, `${progress.length} progress notifications`);
    const lastProgress = progress[progress.length - 1];
    assert.ok(
      lastProgress && lastProgress.total > 0 && lastProgress.done >= lastProgress.total,
      JSON.stringify(lastProgress),
    );
    assert.equal(treeDigest(home), before, 'the run changed a file in the person’s home');
    const { records } = new LocalQualifications(global).read();
    assert.equal(records.length, 1);
    assert.equal(records[0]?.record.executable.sha256, await sha256OfFile(await agentBinary('claude', VERSION)));
    // Qualified under the person's own rendering as well as the corpus's.
    assert.deepEqual(records[0]?.record.renderings, ['light/truecolor']);
    assert.match(q.reason, /under light\/truecolor \(\d+ screens\) too/);

    // The session reads its binary's digest again and is listed as qualified here.
    await until('the session listed as qualified on this machine', async () => {
      const after = await a.call(REQUESTS.listSessions.method, {});
      type Listed = { sessions: Array<{ session_id: string; qualified_on_this_machine?: true }> };
      return (after.result as Listed).sessions.find((x) => x.session_id === a.sessionId)?.qualified_on_this_machine;
    });

    await userPrompt(a.term, 'set up the service');
    const s = await a.waitStatus((x) => x.interaction?.questions[0]?.prompt === Q_DATABASE.question, 30_000, 'Q');
    const answered = await chooseOne(a, s, 'SQLite (Recommended)');
    assert.equal(
      (answered.result as { outcome?: string } | undefined)?.outcome,
      'resolved',
      JSON.stringify(answered.error),
    );
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

    // Asked again, there is nothing to qualify.
    const again = await a.call(REQUESTS.qualifyVersion.method, { session_id: a.sessionId });
    assert.equal(String(again.error?.data?.code), 'not_qualifiable', JSON.stringify(again));
  });

  it('runs one qualification at a time; Cancel stops it, records nothing and leaves no client or scratch', async () => {
    // Its own global storage: the other test's record would make the version qualified here.
    const own = path.join(global, 'cancelled-run');
    const a = await startServerAgent(
      'claude',
      { name: 'qualify-cancelled', turns: [{ kind: 'text', text: 'Done.' }] },
      { AKK_WITHHOLD_QUALIFIED: `claude@${VERSION}`, HOME: home },
      {},
      { globalStorageDir: own },
    );
    const tmuxDir = path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`);
    const sockets = (): string[] => (fs.existsSync(tmuxDir) ? fs.readdirSync(tmuxDir).sort() : []);
    const scratches = (): string[] => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('akk-local-qualify-'));
    const [socketsBefore, scratchesBefore] = [sockets(), scratches()];
    const running = a.call(REQUESTS.qualifyVersion.method, { session_id: a.sessionId }, 300_000);
    // Under way once it has started a client of its own (a tmux server of the run).
    await until('the run’s first client', () => sockets().some((x) => !socketsBefore.includes(x)), 60_000);
    const busy = await a.call(REQUESTS.qualifyVersion.method, { session_id: a.sessionId });
    assert.equal(String(busy.error?.data?.code), 'qualification_busy', JSON.stringify(busy));
    const cancelled = await a.call(REQUESTS.cancelQualification.method, {});
    assert.deepEqual(cancelled.result, { cancelled: true });
    const r = (await running).result as QualifyVersionResult | undefined;
    assert.equal(r?.result, 'cancelled', JSON.stringify(r));
    assert.deepEqual(new LocalQualifications(own).read().records, []);
    // The run's harness stops its tmux servers as it ends: on a loaded machine that takes some seconds.
    await until('the run’s tmux servers gone', () => sockets().every((x) => socketsBefore.includes(x)), 30_000);
    assert.deepEqual(scratches(), scratchesBefore, 'the run left its scratch folder');
    const listed = await a.call(REQUESTS.listSessions.method, {});
    type Listed = { sessions: Array<{ session_id: string; unqualified_version?: unknown }> };
    assert.ok((listed.result as Listed).sessions.find((x) => x.session_id === a.sessionId)?.unqualified_version);
    // Nothing is running any more: a second Cancel has nothing to stop.
    assert.deepEqual((await a.call(REQUESTS.cancelQualification.method, {})).result, { cancelled: false });
  });
});
