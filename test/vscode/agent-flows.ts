// Phase 3 of `npm run test:vscode`: the product's main job in a real VS Code with a real Claude
// Code session. The newest Claude Code runs against the loopback fake model; the extension
// itself starts it (palette: "New Claude Code Session", with the workspace's akk.claude.*
// settings pointing at the cached client, a prepared HOME and the fake model). The person's part
// (typing a request in the agent's terminal) goes through tmux; every answer goes through the
// workbench: the notification, the status bar, the question panel (mouse, then keyboard only)
// and the palette's approvals. The fake model's tool results are the ground truth.
// Then the same for Codex ("New Codex Session", akk.codex.* settings, its own fake model): a
// request_user_input questionnaire answered in the panel, a choice and then notes.
// Then agents typed into a plain integrated terminal, with no tmux on their path: in bash, then in
// zsh and fish, and in a terminal without shell integration; and Gemini CLI, typed into a terminal
// and started with "New Gemini CLI Session".
// The flows themselves are in claude-flows.ts, codex-flows.ts, lapsed-offer-flow.ts, terminal-flow.ts, gemini-flows.ts,
// unqualified-version-flow.ts and shell-flows.ts; this file prepares the workspace, the agents and code-server,
// runs them in order and cleans up.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT, installVsix, startCodeServer } from '../../scripts/vscode-host/host';
import { startFakeModel } from '../../src/qualify/fake-model';
import { agentBinary } from '../../src/qualify/install-agents';
import { claudeEnv, claudeFiles } from '../../src/agents/claude/qualify/launch';
import { codexEnv, codexFiles } from '../../src/agents/codex/qualify/launch';
import { NEWEST } from '../../src/qualify/versions';
import { AgentTmux } from './agent-tmux';
import { TURNS, claudeFlows } from './claude-flows';
import { CODEX_ARGS, CODEX_TURNS, codexFlows } from './codex-flows';
import type { FlowContext } from './flow-support';
import { dailyFlows } from './daily-flows';
import { geminiFlows } from './gemini-flows';
import { wordsFlows } from './words-flows';
import { outsideFlow } from './outside-flow';
import { supervisorFlow } from './supervisor-flow';
import { lapsedOfferFlow } from './lapsed-offer-flow';
import { shellFlows } from './shell-flows';
import { terminalFlows } from './terminal-flow';
import { unqualifiedVersionFlow } from './unqualified-version-flow';
import { HostPhase, indent, log, secondsSince, type CheckResult } from './ui-support';
import { notificationTexts } from './workbench';

/**
 * A stub language model extension (test/vscode/stub-model), installed beside AKK for the model path
 * of answers in words: packaged with vsce and installed with code-server's own CLI.
 */
async function installStubModel(root: string, extensionsDir: string): Promise<void> {
  const copy = path.join(root, 'stub-model');
  fs.cpSync(path.join(__dirname, 'stub-model'), copy, { recursive: true });
  const vsix = path.join(root, 'stub-model.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const flags = ['--no-dependencies', '--allow-missing-repository', '--skip-license'];
  const r = spawnSync(vsce, ['package', ...flags, '--out', vsix], { cwd: copy, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`packaging the stub model failed: ${r.stderr || r.stdout}`);
  await installVsix(vsix, extensionsDir, { scratchDir: path.join(root, 'vsix-scratch') });
}

export async function runAgentFlows(browser: Browser, extPath: string, scratch: string): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'agent');
  const workspace = path.join(root, 'workspace');
  const home = path.join(root, 'claude-home');
  const codexHome = path.join(root, 'codex-home');
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Agent Knock Knock live test workspace\n');

  const tb = Date.now();
  const bin = await agentBinary('claude', NEWEST.claude);
  log(`agent flows: Claude Code ${NEWEST.claude} at ${bin} (${secondsSince(tb)})`);
  const tc = Date.now();
  const codexBin = await agentBinary('codex', NEWEST.codex);
  log(`agent flows: Codex ${NEWEST.codex} at ${codexBin} (${secondsSince(tc)})`);
  const model = await startFakeModel({ name: 'vscode-e2e', turns: TURNS, fallbackText: 'Done.' });
  const codexModel = await startFakeModel({ name: 'vscode-e2e-codex', turns: CODEX_TURNS, fallbackText: 'Done.' });
  const agent = new AgentTmux(`akk-vsc-${randomBytes(4).toString('hex')}`, 'claude');
  const codex = new AgentTmux(agent.socket, 'codex');
  const onExit = (): void => {
    codex.killSync();
    agent.killSync();
  };
  process.once('exit', onExit);
  claudeFiles(home, workspace, NEWEST.claude);
  codexFiles(path.join(codexHome, '.codex'), workspace, codexModel.url);
  const settings = {
    'akk.claude.command': bin,
    'akk.claude.args': [],
    'akk.claude.env': { HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...claudeEnv(model.url) },
    'akk.codex.command': codexBin,
    'akk.codex.args': CODEX_ARGS,
    'akk.codex.env': {
      HOME: codexHome,
      // Codex's launcher is a node script.
      PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      ...codexEnv(path.join(codexHome, '.codex')),
    },
    'akk.tmux.socket': agent.socket,
  };
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');

  const consoleLog: string[] = [];
  const dialogs: string[] = [];
  const serverStartedAt = Date.now();
  const extensionsDir = path.join(root, 'host', 'extensions');
  await installStubModel(root, extensionsDir);
  const server = await startCodeServer({
    folder: workspace,
    smokeTestDriver: true,
    scratchDir: path.join(root, 'host'),
    extensionsDir,
    // The language-model API is on for the stub model (the quiet default turns AI features off).
    settings: { 'chat.disableAIFeatures': false },
  });
  log(
    `agent flows: code-server at ${server.url} (pid ${server.pid}), ` +
      `fake models at ${model.url} (Claude Code) and ${codexModel.url} (Codex), tmux -L ${agent.socket}`,
  );
  const phase = new HostPhase(browser, consoleLog);
  const { checks, step } = phase;
  try {
    const url = server.workbenchUrl({ payload: [['extensionDevelopmentPath', server.remoteUri(extPath)]] });
    await phase.open(url, (p) =>
      p.on('dialog', (d) => {
        dialogs.push(`${d.type()}: ${d.message()}`);
        void d.dismiss().catch(() => undefined);
      }),
    );
    const ctx: FlowContext = { workspace, settings, agent, model, codex, codexModel, dialogs, step };
    // AKK_VSCODE_FLOWS=terminal,unqualified runs only those flows (while working on one of them).
    const only = (process.env.AKK_VSCODE_FLOWS ?? '').split(',').filter(Boolean);
    const run = (name: string): boolean => only.length === 0 || only.includes(name);
    /** One flow, its checks counted under its file (each file is held to a minimum, scripts/judge-minimums.ts). */
    const flow = async (name: string, file: string, body: () => Promise<void>): Promise<void> => {
      if (!run(name)) return;
      const from = checks.results.length;
      try {
        await body();
      } finally {
        for (const r of checks.results.slice(from)) r.family ??= `test/vscode/${file}`;
      }
    };
    await flow('claude', 'claude-flows.ts', () => claudeFlows(ctx));
    await flow('codex', 'codex-flows.ts', () => codexFlows(ctx));
    await flow('lapsed', 'lapsed-offer-flow.ts', () => lapsedOfferFlow(ctx));
    await flow('daily', 'daily-flows.ts', () => dailyFlows(ctx));
    await flow('words', 'words-flows.ts', () => wordsFlows(ctx));
    await flow('supervisor', 'supervisor-flow.ts', () =>
      supervisorFlow(ctx, path.join(root, 'host', 'tmp'), serverStartedAt),
    );
    await flow('outside', 'outside-flow.ts', () => outsideFlow(ctx));
    await flow('terminal', 'terminal-flow.ts', () => terminalFlows(ctx, root));
    await flow('gemini', 'gemini-flows.ts', () => geminiFlows(ctx, root));
    await flow('unqualified', 'unqualified-version-flow.ts', () => unqualifiedVersionFlow(ctx));
    await flow('shells', 'shell-flows.ts', () => shellFlows(ctx, root));
  } catch (err) {
    phase.stopped('agent flows', err);
  } finally {
    if (checks.failed) {
      const screen = agent.pane ? await agent.capture().catch(() => '') : '';
      if (screen) log(`agent flows: the agent's screen at the end:\n${indent(screen.trimEnd())}`);
      const codexScreen = codex.pane ? await codex.capture().catch(() => '') : '';
      if (codexScreen) log(`agent flows: Codex's screen at the end:\n${indent(codexScreen.trimEnd())}`);
      log(
        `agent flows: fake model served ${model.turnsServed()} turn(s), ${model.toolResults().length} tool result(s)`,
      );
      log(
        `agent flows: Codex's fake model served ${codexModel.turnsServed()} turn(s), ` +
          `${codexModel.toolResults().length} tool result(s)`,
      );
      const notes = phase.page ? await notificationTexts(phase.page).catch(() => []) : [];
      if (notes.length) log(`agent flows: notifications:\n${indent(notes.join('\n'))}`);
    }
    await phase.end(server, { logs: 'agent', label: 'agent flows' });
    onExit();
    process.removeListener('exit', onExit);
    if (agent.alive())
      checks.results.push({
        name: "agent flows: the agent's tmux server is stopped",
        status: 'failed',
        detail: `tmux -L ${agent.socket} still runs`,
      });
    await model.stop();
    await codexModel.stop();
  }
  const results = checks.results;
  log(
    `agent flows: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed (${secondsSince(t)})`,
  );
  return results;
}
