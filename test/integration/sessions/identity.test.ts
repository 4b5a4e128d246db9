// Real processes in real tmux panes: a fake `claude` and `codex` laid out like their npm
// packages are identified with their exact versions; other programs are tracked observe-only.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SessionRegistry, type Classify } from '../../../src/server/sessions';
import { claudeLayout, codexLayout, tempDir } from '../../unit/sessions/support/layouts';
import { FAKE_AGENT_SCRIPT } from './support/programs';
import { TmuxLab, waitFor } from './support/tmux-lab';

const classify: Classify = ({ capture }) => ({ state: capture.text.includes('got:work') ? 'working' : 'idle' });
const SHELL = fs.realpathSync('/bin/bash');

function copyShell(to: string): void {
  fs.copyFileSync(SHELL, to);
  fs.chmodSync(to, 0o755);
}

describe('sessions (tmux): agent identification', function () {
  this.timeout(20_000);
  let lab: TmuxLab;
  let registry: SessionRegistry;
  let claude: ReturnType<typeof claudeLayout>;
  let codex: ReturnType<typeof codexLayout>;
  let badVersion: ReturnType<typeof claudeLayout>;

  before(() => {
    claude = claudeLayout(tempDir('akk-it-claude-'), '2.1.999');
    copyShell(claude.nativeExe);
    copyShell(claude.wrapperExe);
    const launcher = `const { spawn } = require('child_process'); const path = require('path');
const exe = path.join(__dirname, '..', '..', 'codex-linux-x64', 'vendor', 'x86_64-unknown-linux-musl', 'bin', 'codex');
spawn(exe, ['--norc', '--noprofile', '-c', ${JSON.stringify(FAKE_AGENT_SCRIPT)}], { stdio: 'inherit' })
  .on('exit', (c) => process.exit(c ?? 0));\n`;
    codex = codexLayout(tempDir('akk-it-codex-'), '0.999.1', { launcherContent: launcher });
    fs.writeFileSync(
      path.join(path.dirname(codex.launcher), '..', 'package.json'),
      JSON.stringify({ name: '@openai/codex', version: '0.999.1', type: 'commonjs' }),
    );
    copyShell(codex.nativeExe);
    badVersion = claudeLayout(tempDir('akk-it-claude-'), 'next');
    copyShell(badVersion.nativeExe);
  });
  beforeEach(() => {
    lab = new TmuxLab();
    registry = new SessionRegistry({ classify });
  });
  afterEach(async () => {
    registry.dispose();
    await lab.kill();
  });

  async function ready(pane: string): Promise<void> {
    await waitFor('agent ready', async () => (await lab.capture(pane)).includes('FAKE-AGENT-READY'));
  }

  it('identifies claude (native binary) with its exact version and allows input', async () => {
    const pane = await lab.start([claude.nativeExe, '--norc', '--noprofile', '-c', FAKE_AGENT_SCRIPT]);
    await ready(pane);
    const session = await registry.attach({ socket: lab.socket, target: pane });
    assert.equal(session.agent, 'claude');
    assert.equal(session.version, '2.1.999');
    const id = session.endpoint!.identity();
    assert.equal(id.executable, claude.nativeExe);
    assert.ok(id.agentPid! > 0);
    await waitFor('idle', () => session.state === 'idle');
    assert.equal(session.inputAllowed, true, session.observeOnlyReason() ?? '');
    assert.equal(session.summary().observe_only_reason, undefined);
  });

  it('identifies codex through its node launcher and takes the native process', async () => {
    const pane = await lab.start([process.execPath, codex.launcher]);
    await ready(pane);
    const session = await registry.attach({ socket: lab.socket, target: pane });
    assert.equal(session.agent, 'codex');
    assert.equal(session.version, '0.999.1');
    assert.equal(session.endpoint!.identity().executable, codex.nativeExe);
  });

  it('tracks an unknown program and an unknown version, but never allows input to them', async () => {
    const plain = await lab.start(['bash', '--norc', '--noprofile', '-c', FAKE_AGENT_SCRIPT]);
    const odd = await lab.start([badVersion.nativeExe, '--norc', '--noprofile', '-c', FAKE_AGENT_SCRIPT]);
    await ready(plain);
    await ready(odd);
    const a = await registry.attach({ socket: lab.socket, target: plain });
    const b = await registry.attach({ socket: lab.socket, target: odd });
    assert.equal(a.agent, 'unknown');
    assert.equal(a.inputAllowed, false);
    assert.match(a.summary().observe_only_reason ?? '', /no supported agent/);
    assert.equal(b.agent, 'claude');
    assert.equal(b.version, null);
    assert.equal(b.inputAllowed, false);
    assert.match(b.summary().observe_only_reason ?? '', /exact version/);
  });

  it('follows the agent exiting and restarting in the same pane with a new generation and a new turn', async () => {
    const pane = await lab.start(['bash', '--norc', '--noprofile'], { cwd: path.dirname(claude.nativeExe) });
    await lab.tmux(
      'send-keys',
      '-t',
      pane,
      '-l',
      `exec 2>/dev/null; PS1='$ '; ./claude --norc --noprofile -c '${FAKE_AGENT_SCRIPT}'`,
    );
    await lab.tmux('send-keys', '-t', pane, 'Enter');
    await ready(pane);
    const session = await registry.attach({ socket: lab.socket, target: pane });
    assert.equal(session.agent, 'claude');
    const ep = session.endpoint!;
    await waitFor('idle', () => session.state === 'idle');
    const g0 = ep.generation;
    const pid0 = ep.identity().agentPid;
    await ep.sendLiteral('work');
    await ep.sendKeys(['Enter']);
    await waitFor('working', () => session.state === 'working');
    const turn = session.turnId;
    assert.ok(turn);
    await ep.sendLiteral('quit');
    await ep.sendKeys(['Enter']);
    await waitFor('exited', () => session.state === 'exited');
    assert.equal(session.exitReason, 'the agent has exited');
    assert.equal(ep.generation, g0 + 1);
    await lab.tmux('send-keys', '-t', pane, '-l', `clear; ./claude --norc --noprofile -c '${FAKE_AGENT_SCRIPT}'`);
    await lab.tmux('send-keys', '-t', pane, 'Enter');
    await waitFor('idle again', () => session.state === 'idle' && ep.identity().agentPid !== undefined);
    assert.notEqual(ep.identity().agentPid, pid0);
    assert.equal(ep.generation, g0 + 2);
    await ep.sendLiteral('work');
    await ep.sendKeys(['Enter']);
    await waitFor('working again', () => session.state === 'working');
    assert.notEqual(session.turnId, turn);
  });

  it('discovers candidate panes running a supported agent and marks the attached ones', async () => {
    const a = await lab.start([claude.nativeExe, '--norc', '--noprofile', '-c', FAKE_AGENT_SCRIPT], { name: 'work' });
    await lab.start(['sleep', '600'], { name: 'other' });
    const c = await lab.start([process.execPath, codex.launcher], { name: 'cx' });
    await ready(a);
    await ready(c);
    const attached = await registry.attach({ socket: lab.socket, target: 'work:0.0' });
    const candidates = await registry.candidates([{ socket: lab.socket }]);
    assert.deepEqual(
      candidates
        .map((x) => [x.endpoint.target, x.endpoint.pane_id, x.agent, x.version, x.attached_session_id])
        .sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
      [
        ['work:0.0', a, 'claude', '2.1.999', attached.id],
        ['cx:0.0', c, 'codex', '0.999.1', null],
      ],
    );
    const all = await registry.candidates([{ socket: lab.socket }], { includeUnknown: true });
    assert.equal(all.length, 3);
    assert.deepEqual(await registry.candidates([{ socket: `${lab.socket}-none` }]), []);
  });
});
