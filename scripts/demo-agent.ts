// The agent side of `npm run demo`: the newest Claude Code (installed into the agent cache on
// first use), the bundled scripted model on 127.0.0.1, a prepared HOME so that Claude Code's
// start-up screens are skipped, and the demo workspace's settings that make "New Claude Code
// Session" start that client against that model. Runs until SIGINT/SIGTERM/SIGHUP, then ends
// the demo's tmux server (and with it the agent) and the model.
//
//   node --import tsx scripts/demo-agent.ts --workspace W --home H --ready-file F [--socket S]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startFakeModel } from '../src/qualify/fake-model';
import type { ModelTurn } from '../src/qualify/fake-model/types';
import { agentBinary, agentDir } from '../src/qualify/install-agents';
import { claudeEnv, claudeFiles } from '../src/agents/claude/qualify/launch';
import { Q_DATABASE, Q_FEATURES, Q_NAME } from '../src/agents/claude/qualify/questions';
import { NEWEST } from '../src/qualify/versions';

/** The first request is passed on Claude Code's command line, so the questionnaire comes at once. */
export const DEMO_REQUEST = 'Plan a small web service with me, then create a file to show it works.';

const TURNS: ModelTurn[] = [
  { kind: 'ask', text: 'Before I start, a few questions.', questions: [Q_DATABASE, Q_FEATURES, Q_NAME] },
  {
    kind: 'bash',
    text: 'Thanks. Now a command that needs your permission.',
    command: 'touch hello-from-claude.txt',
    description: 'Create hello-from-claude.txt',
  },
  { kind: 'text', text: 'Done: hello-from-claude.txt is in the workspace. That is the whole scripted demo.' },
];

function say(m: string): void {
  process.stdout.write(`[demo] ${m}\n`);
}

function flags(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i + 1 < argv.length; i += 2) out.set((argv[i] ?? '').replace(/^--/, ''), argv[i + 1] ?? '');
  return out;
}

async function main(): Promise<void> {
  const f = flags(process.argv.slice(2));
  const need = (k: string): string => {
    const v = f.get(k);
    if (!v) throw new Error(`--${k} is required`);
    return path.resolve(v);
  };
  const workspace = need('workspace');
  const home = need('home');
  const readyFile = need('ready-file');
  const socket = f.get('socket') ?? 'akk-demo';
  fs.rmSync(readyFile, { force: true });

  const version = NEWEST.claude;
  if (!fs.existsSync(agentDir('claude', version)))
    say(`installing Claude Code ${version} into ${agentDir('claude', version)} (npm, about 370 MB, once) ...`);
  const bin = await agentBinary('claude', version);
  say(`Claude Code ${version}: ${bin}`);

  const model = await startFakeModel({
    name: 'demo',
    turns: TURNS,
    fallbackText: 'The scripted demo has no more steps. Stop it with: npm run demo -- --stop',
  });
  say(`scripted model listening at ${model.url}`);

  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
  claudeFiles(home, workspace, version);
  const settings = {
    'akk.claude.command': bin,
    'akk.claude.args': [DEMO_REQUEST],
    'akk.claude.env': { HOME: home, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...claudeEnv(model.url) },
    'akk.tmux.socket': socket,
    'akk.startSessionOnOpen': 'claude',
  };
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
  fs.writeFileSync(readyFile, `${model.url}\n`);

  let stopping = false;
  const stop = async (why: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    say(`${why}: stopping the demo's agent (tmux -L ${socket}) and the scripted model`);
    try {
      execFileSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore', timeout: 5000 });
    } catch {
      // no agent was started
    }
    await model.stop();
    fs.rmSync(readyFile, { force: true });
    process.exit(0);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void stop(sig));
  let served = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    if (model.turnsServed() !== served) {
      served = model.turnsServed();
      say(`scripted model: served turn ${served} of ${TURNS.length}`);
    }
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`[demo] ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
