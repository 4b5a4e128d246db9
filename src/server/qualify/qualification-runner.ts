/**
 * "Qualify This Version on This Machine": runs the qualification of a session's exact binary
 * (the runner this install ships, dist/qualify-runner.js, bundled from src/qualify/runner with the
 * reference screens it compares with) as a low-priority child process, one at a time, with its
 * progress passed on as it comes. The run captures against the loopback fake model with a private
 * scratch home and work folder, and writes a local record only when every answered screen is the
 * same as the nearest qualified release's and every check passes; the sessions then read their
 * profile source again. Nothing here types into the person's terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENT_DESCRIPTORS, isAgentName } from '../../shared/agents';
import { AkkError } from '../../shared/errors';
import type { QualificationProgressParams, QualifyVersionResult } from '../../shared/qualification-shapes';
import { recordedDiffering, unqualifiedVersionNote } from '../base/adapters';
import { personSize, sessionRendering } from './session-rendering';
import type { Session } from '../sessions';
import { identifyingHere, qualificationReport } from './qualification-report';
import { TmuxRunner } from '../sessions/tmux/command';

interface RunnerDeps {
  globalStorageDir: string | undefined;
  tmuxPath: string;
  log(message: string): void;
  progress(p: QualificationProgressParams): void;
  /** A record was written: every session reads its profile source again. */
  qualified(): void;
}

/** The folder of this extension's own package.json, searched upward from this file. */
function packageRoot(from: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'agent-knock-knock') return dir;
    } catch {
      // not here
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** How to start the runner this install ships (dist/qualify-runner.js and its data), or why it cannot be. */
function runnerCommand(from = __dirname): { args: string[]; cwd: string } | { unavailable: string } {
  const root = packageRoot(from);
  const runner = root && path.join(root, 'dist', 'qualify-runner.js');
  if (!root || !runner || !fs.existsSync(runner) || !fs.existsSync(path.join(root, 'dist', 'qualify')))
    return {
      unavailable:
        'this install does not carry the qualification runner (dist/qualify-runner.js and dist/qualify/); ' +
        'in a checkout of the repository, `npm run build` makes them',
    };
  return { args: [runner], cwd: root };
}

export class QualificationRunner {
  private running: { child: ChildProcess; sessionId: string; cancelled: boolean } | null = null;

  constructor(private readonly deps: RunnerDeps) {}

  cancel(): boolean {
    const r = this.running;
    if (!r) return false;
    r.cancelled = true;
    try {
      if (r.child.pid !== undefined) process.kill(-r.child.pid, 'SIGTERM');
    } catch {
      r.child.kill('SIGTERM');
    }
    return true;
  }

  private refuseWhileBusy(): void {
    if (this.running)
      throw new AkkError('qualification_busy', `a qualification is running (session ${this.running.sessionId})`);
  }

  async qualify(session: Session, background?: 'dark' | 'light'): Promise<QualifyVersionResult> {
    const { agent, version } = session;
    if (!isAgentName(agent) || version === null)
      throw new AkkError('not_qualifiable', `session ${session.id} runs no exactly identified agent`);
    if (unqualifiedVersionNote(agent, version, session.profileSource) === null)
      throw new AkkError('not_qualifiable', `${AGENT_DESCRIPTORS[agent].displayName} ${version} is qualified already`);
    if (recordedDiffering(agent, version, session.profileSource))
      throw new AkkError(
        'not_qualifiable',
        `AKK's own qualification recorded ${AGENT_DESCRIPTORS[agent].displayName} ${version} as drawing screens ` +
          'differently: a qualification made here would be superseded by that record',
      );
    // One run at a time, said at once: a second request does not wait for a client to start first.
    this.refuseWhileBusy();
    // A client still starting may be its launcher (`node codex.js`), whose child is the binary
    // that draws and that a record must be bound to: its executable is read once it has started.
    await until(() => session.state !== 'starting', STARTED_WITHIN_MS);
    const proc = session.endpoint?.agentProcess() ?? null;
    const executable = proc?.executable ?? null;
    if (proc === null || executable === null)
      throw new AkkError('not_qualifiable', `the executable of session ${session.id} could not be read`);
    if (!this.deps.globalStorageDir)
      throw new AkkError('qualification_unavailable', 'the editor gave no global storage to keep the record in');
    // The run draws each scenario in a tmux pane of its own: without tmux it cannot start.
    await new TmuxRunner({ binary: this.deps.tmuxPath }).version().catch((e: unknown) => {
      const why = e instanceof Error ? e.message : String(e);
      throw new AkkError('qualification_unavailable', `qualifying draws its scenarios in tmux: ${why}`);
    });
    // Checked again: another request may have started a run while this one waited.
    this.refuseWhileBusy();
    const command = runnerCommand();
    if ('unavailable' in command) throw new AkkError('qualification_unavailable', command.unavailable);

    // What the person sees: their client's theme or terminal background, and its colour depth.
    const screen = await session.endpoint?.capture({ styled: true }).catch(() => undefined);
    const rendering = sessionRendering(agent, proc.pid, screen?.styled?.split('\n'), background);
    this.deps.log(`${agent} ${version}: rendering ${rendering.name ?? 'the corpus own'} (${rendering.how})`);
    const conditions = rendering.name === null ? [] : ['--renderings', rendering.name];
    // And at the person's own size, beside the standard one (the runner skips a size it captures anyway).
    const size = personSize(screen);
    const atSize = size === null ? [] : ['--person-size', size];
    this.deps.log(`${agent} ${version}: the terminal is ${size ?? 'of a size not captured'}`);
    const started = Date.now();
    const reportFile = privateReportFile();
    const args = [
      ...command.args,
      '--local',
      agent,
      version,
      '--binary',
      executable,
      '--global',
      this.deps.globalStorageDir,
      // The captures under the person's condition and at their size run beside the standard one.
      '--jobs',
      String(1 + (conditions.length > 0 ? 1 : 0) + (atSize.length > 0 ? 1 : 0)),
      ...conditions,
      ...atSize,
      '--report',
      reportFile,
    ];
    // Its own process group, so a cancel stops the clients it started too; the tmux the server uses first.
    const tmuxDir = path.isAbsolute(this.deps.tmuxPath) ? path.dirname(this.deps.tmuxPath) : undefined;
    const pathVar = [tmuxDir, process.env.PATH].filter(Boolean).join(path.delimiter);
    const child = spawn(process.execPath, args, {
      cwd: command.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: pathVar },
    });
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, 10);
    } catch {
      // a lower priority is a courtesy
    }
    const run = { child, sessionId: session.id, cancelled: false };
    this.running = run;
    this.deps.log(`qualifying ${agent} ${version} (${executable}) on this machine: pid ${child.pid ?? '?'}`);
    const lines: string[] = [];
    let total = 0;
    let done = 0;
    let tail = '';
    const take = (chunk: Buffer): void => {
      const text = tail + chunk.toString('utf8');
      const parts = text.split('\n');
      tail = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 400) lines.shift();
        const count = /capturing (\d+) scenarios/.exec(line);
        if (count) total = Number(count[1]);
        if (/^\s+(ok|FAIL|fail)\s/.test(line)) done += 1;
        this.deps.progress({ session_id: session.id, message: line.trim(), done, total });
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const code = await new Promise<number | null>((resolve) => {
      child.on('error', () => resolve(null));
      child.on('close', (c) => resolve(c));
    });
    this.running = null;
    const seconds = Math.round((Date.now() - started) / 1000);
    const verdict = [...lines].reverse().find((l) => l.startsWith(`${agent} ${version}: `)) ?? '';
    const differing = lines.filter((l) => /^ {2}\d+x\d+(-[a-z-]+-(256|truecolor))?\/\S+/.test(l)).map((l) => l.trim());
    const base = { agent, version, seconds, differing };
    const report = readReport(reportFile, executable);
    if (run.cancelled) return { ...base, result: 'cancelled', reason: 'cancelled; nothing was recorded' };
    if (code === 0) {
      this.deps.qualified();
      return { ...base, result: 'qualified', reason: verdict.replace(/^[^:]*: /, '') };
    }
    const result = /: unreachable in /.test(verdict)
      ? 'unreachable'
      : /: differs in /.test(verdict)
        ? 'differs'
        : 'failed';
    const reason = verdict
      ? verdict.replace(/^[^:]*: /, '')
      : `the run ended (exit ${code ?? 'error'}): ${lines.slice(-3).join(' / ')}`;
    return { ...base, result, reason, ...(report ? { report } : {}) };
  }
}

/** How long a qualification asked for a starting client waits for it to have started. */
const STARTED_WITHIN_MS = 20_000;

/** Resolves once `done` holds, or after `ms` (whatever then holds). */
async function until(done: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 200));
}

/**
 * Where the run writes its report: a file in a folder of its own that only this user can enter,
 * whose name nobody can guess (never a fixed name in the shared temporary folder, where another
 * user could place a file or a link first).
 */
export function privateReportFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'akk-qualify-')), 'report.json');
}

/** The run's report as Markdown, its identifying parts replaced; the file and its folder are removed. */
function readReport(file: string, binary: string): string | null {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return qualificationReport(
      raw,
      identifyingHere(binary),
      `agent-knock-knock ${process.env.AKK_VERSION ?? '0.0.0-dev'}`,
    );
  } catch {
    return null;
  } finally {
    fs.rmSync(path.dirname(file), { force: true, recursive: true });
  }
}
