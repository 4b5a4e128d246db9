// In the real extension host: the extension is there, activates, registers exactly the
// commands it contributes, and starts its background server.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { until } from '../../../src/qualify/wait';

const EXTENSION_ID = 'agent-knock-knock.agent-knock-knock';

interface ContributedCommand {
  command: string;
  title?: string;
  category?: string;
}

interface ServerStatus {
  running: boolean;
  version: string;
  sessions: number;
}

function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed in this host`);
  return ext;
}

function contributedCommands(): ContributedCommand[] {
  const pkg = extension().packageJSON as { contributes?: { commands?: ContributedCommand[] } };
  return pkg.contributes?.commands ?? [];
}

/** Ids of contributed views: VS Code itself registers `<viewId>.focus`, `.open`, ... for each. */
function contributedViewIds(): string[] {
  const pkg = extension().packageJSON as { contributes?: { views?: Record<string, Array<{ id: string }>> } };
  return Object.values(pkg.contributes?.views ?? {}).flatMap((views) => views.map((v) => v.id));
}

async function serverStatus(): Promise<ServerStatus> {
  return vscode.commands.executeCommand<ServerStatus>('akk.showServerStatus');
}

describe('Agent Knock Knock in a real VS Code', function () {
  this.timeout(60_000);

  before(async () => {
    await extension().activate();
  });

  it('is installed as a workspace extension and activates', () => {
    const ext = extension();
    assert.equal(ext.isActive, true, 'extension did not activate');
    assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
    const pkg = ext.packageJSON as { main?: string; activationEvents?: string[] };
    assert.equal(pkg.main, './dist/extension.js');
    assert.ok(pkg.activationEvents?.includes('onStartupFinished'), 'activates on start-up finished');
  });

  it('contributes commands with akk.* ids and the Agent Knock Knock category', () => {
    const commands = contributedCommands();
    assert.ok(commands.length > 0, 'no contributes.commands');
    for (const c of commands) {
      assert.match(c.command, /^akk\.[a-z][A-Za-z]+$/, `command id ${c.command}`);
      assert.equal(c.category, 'Agent Knock Knock', `category of ${c.command}`);
    }
    const ids = commands.map((c) => c.command);
    for (const id of ['akk.showServerStatus', 'akk.showOutput', 'akk.restartServer']) {
      assert.ok(ids.includes(id), `${id} is not contributed`);
    }
  });

  it('registers every contributed command, and contributes every registered akk.* command', async () => {
    const viewIds = contributedViewIds();
    const generatedByWorkbench = (id: string): boolean => viewIds.some((v) => id.startsWith(`${v}.`));
    const registered = new Set(
      (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('akk.') && !generatedByWorkbench(id)),
    );
    const contributed = new Set(contributedCommands().map((c) => c.command));
    const notRegistered = [...contributed].filter((id) => !registered.has(id)).sort();
    const notContributed = [...registered].filter((id) => !contributed.has(id)).sort();
    assert.deepEqual({ notRegistered, notContributed }, { notRegistered: [], notContributed: [] });
  });

  it('starts its server: akk.showServerStatus resolves to { running: true, version, sessions }', async () => {
    const status = await until('the server to run', async () => {
      const s = await serverStatus();
      return s && s.running ? s : undefined;
    });
    assert.equal(status.running, true);
    assert.equal(typeof status.version, 'string');
    assert.ok(status.version.length > 0, 'empty server version');
    assert.equal(typeof status.sessions, 'number');
  });

  it('akk.checkMachine says what this machine lets it do: the platform, the server, its processes, tmux', async () => {
    interface MachineCheck {
      platform: string;
      server_running: boolean;
      tmux: string | null;
      tmux_path: string;
      notices: string[];
    }
    const tmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
    const check = await vscode.commands.executeCommand<MachineCheck>('akk.checkMachine');
    assert.equal(check.platform, os.platform());
    assert.equal(check.server_running, true);
    // This host reads /proc: nothing keeps the server from identifying agents.
    assert.ok(fs.existsSync('/proc/self/stat'), 'this host has no /proc');
    assert.deepEqual(check.notices, []);
    assert.equal(check.tmux, tmux.status === 0 ? tmux.stdout.trim() : null);
    // The tmux the server found, the one new sessions start in: an absolute path where it runs.
    if (check.tmux !== null) {
      assert.ok(check.tmux_path.startsWith('/'), check.tmux_path);
      assert.equal(spawnSync(check.tmux_path, ['-V'], { encoding: 'utf8' }).stdout.trim(), check.tmux);
    }
  });

  it('akk.restartServer brings the server back', async () => {
    await vscode.commands.executeCommand('akk.restartServer');
    const status = await until('the server to run again after a restart', async () => {
      const s = await serverStatus();
      return s && s.running ? s : undefined;
    });
    assert.equal(status.running, true);
  });

  it('a decision command called without the permission it belongs to sends nothing and keeps serving', async () => {
    for (const args of [[], [undefined, 'approve_once'], [{ sessionId: 1 }, 'reject'], [{}, 'delete_everything']])
      assert.equal(await vscode.commands.executeCommand('akk.decideShownPermission', ...args), undefined);
    // No edit is shown: the diff view's decisions send nothing either.
    assert.equal(await vscode.commands.executeCommand('akk.approveShownEdit'), undefined);
    const status = await serverStatus();
    assert.equal(status?.running, true);
  });

  it('offers the responder as language-model tools; a call that names no waiting step types nothing', async () => {
    const names = vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('akk_'));
    assert.deepEqual(names.sort(), ['akk_answer_question', 'akk_decide_permission', 'akk_list_pending']);
    const text = (r: vscode.LanguageModelToolResult): string =>
      r.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const listed = JSON.parse(
      text(await vscode.lm.invokeTool('akk_list_pending', { input: {}, toolInvocationToken: undefined })),
    ) as { steps: unknown[] };
    assert.deepEqual(listed.steps, []);
    // A step that is not waiting: refused before any confirmation, and nothing is sent.
    for (const [tool, input] of [
      ['akk_answer_question', { interaction_id: 'ix_missing', words: 'yes' }],
      ['akk_answer_question', { interaction_id: 'ix_missing', option_ids: ['o'], keys: ['Enter'] }],
      ['akk_decide_permission', { interaction_id: 'ix_missing', decision: 'approve_once' }],
      ['akk_decide_permission', { interaction_id: 'ix_missing', decision: 'approve_always' }],
    ] as const) {
      const r = JSON.parse(text(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }))) as {
        error?: { code: string };
      };
      assert.ok(r.error, `${tool} ${JSON.stringify(input)} was not refused`);
    }
    assert.equal((await serverStatus())?.running, true);
  });
});
