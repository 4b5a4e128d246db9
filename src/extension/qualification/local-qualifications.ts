/**
 * Qualifications made on this machine: "Qualify This Version on This Machine" runs one for a
 * session's binary (and, with setting akk.qualify.automatic, for each such session as it appears,
 * without asking); "Forget Local Qualifications" lists them (each bound to the binary it was
 * made for) and removes the ones the person picks, whose sessions are manual again at once.
 */
import * as vscode from 'vscode';
import { agentLabel } from '../../shared/agents';
import { AutomaticQualificationQueue, automaticQualificationOn } from '../../shared/automatic-qualification';
import { SETTING } from '../../shared/settings';
import type { SessionSummary } from '../../shared/protocol';
import type {
  ForgetLocalQualificationsResult,
  LocalQualificationSummary,
  QualifyVersionResult,
} from '../../shared/qualification-shapes';
import type { EditorCore } from '../core/editor-core';
import { readRawSetting } from '../core/read-setting';
import { errorMessageOf } from '../core/rpc-error';

function describe(r: LocalQualificationSummary): vscode.QuickPickItem & { record: LocalQualificationSummary } {
  return {
    label: `${agentLabel(r.agent)} ${r.version}`,
    description:
      vscode.l10n.t(
        'binary {0} · qualified {1} with generation {2}',
        r.sha256.slice(0, 12),
        r.qualified_at.slice(0, 10),
        r.generation,
      ) + (r.superseded ? ` · ${vscode.l10n.t('superseded by the extension’s own record')}` : ''),
    detail: r.executable,
    record: r,
  };
}

export async function forgetLocalQualifications({ client, log }: EditorCore): Promise<ForgetLocalQualificationsResult> {
  const listed = await client.request('listLocalQualifications', {});
  for (const p of listed.problems) log.warn(`local qualifications: ${p}`);
  if (listed.records.length === 0 && listed.problems.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Agent Knock Knock: no client version is qualified on this machine.'),
    );
    return { removed: [] };
  }
  const picks = await vscode.window.showQuickPick(listed.records.map(describe), {
    title: vscode.l10n.t('Forget Local Qualifications'),
    placeHolder:
      listed.records.length === 0
        ? vscode.l10n.t('{0} file(s) that are not records: press Enter to remove them', listed.problems.length)
        : vscode.l10n.t('Pick the qualifications to forget (their sessions are answered in the terminal again)'),
    canPickMany: true,
  });
  if (picks === undefined) return { removed: [] };
  const removed: string[] = [];
  if (picks.length === 0 && listed.records.length === 0) {
    removed.push(...(await client.request('forgetLocalQualifications', {})).removed);
  }
  for (const p of picks) {
    const r = p.record;
    removed.push(
      ...(await client.request('forgetLocalQualifications', { agent: r.agent, version: r.version, sha256: r.sha256 }))
        .removed,
    );
  }
  log.info(`forgot local qualifications: ${removed.join(', ') || 'none'}`);
  void vscode.window.showInformationMessage(
    removed.length === 1
      ? vscode.l10n.t('Agent Knock Knock: {0} local qualification forgotten.', removed.length)
      : vscode.l10n.t('Agent Knock Knock: {0} local qualifications forgotten.', removed.length),
  );
  return { removed };
}

/** The background the integrated terminal is drawn on: the colour theme's kind. */
function terminalBackground(): 'dark' | 'light' {
  const kind = vscode.window.activeColorTheme.kind;
  return kind === vscode.ColorThemeKind.Light || kind === vscode.ColorThemeKind.HighContrastLight ? 'light' : 'dark';
}

/** The session to qualify: the one given (a tree item, a notification), or one picked among the unqualified. */
async function unqualifiedSession(deps: EditorCore, arg: unknown): Promise<SessionSummary | undefined> {
  const all = (await deps.client.request('listSessions', {})).sessions.filter(
    (s) => s.unqualified_version?.qualifiable && s.state !== 'exited',
  );
  const given = typeof arg === 'string' ? arg : (arg as { session_id?: unknown } | undefined)?.session_id;
  if (typeof given === 'string') return all.find((s) => s.session_id === given);
  if (all.length <= 1) return all[0];
  const pick = await vscode.window.showQuickPick(
    all.map((s) => ({ label: `${agentLabel(s.agent)} ${s.version ?? ''}`, description: s.endpoint.target, s })),
    { title: vscode.l10n.t('Qualify on This Machine') },
  );
  return pick?.s;
}

/**
 * "Qualify This Version on This Machine": runs the qualification of the session's exact binary on
 * the server's machine, with its progress shown and a way to cancel; says what came of it.
 */
export async function qualifyOnThisMachine(deps: EditorCore, arg?: unknown): Promise<QualifyVersionResult | undefined> {
  const session = await unqualifiedSession(deps, arg);
  if (!session) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Agent Knock Knock: no session runs a version that can be qualified on this machine.'),
    );
    return undefined;
  }
  const name = `${agentLabel(session.agent)} ${session.version ?? ''}`;
  const result = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Qualifying {0} on this machine', name),
      cancellable: true,
    },
    async (progress, token) => {
      let last = 0;
      const listening = deps.client.onNotification('qualificationProgress', (p) => {
        if (p.session_id !== session.session_id) return;
        deps.log.info(`qualify: ${p.message}`);
        const pct = p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0;
        progress.report({
          message: p.total > 0 ? vscode.l10n.t('{0} of {1} scenarios', p.done, p.total) : p.message,
          increment: pct - last,
        });
        last = Math.max(last, pct);
      });
      const cancelling = token.onCancellationRequested(() => void deps.client.request('cancelQualification', {}));
      try {
        return await deps.client.request('qualifyVersion', {
          session_id: session.session_id,
          terminal_background: terminalBackground(),
        });
      } finally {
        listening.dispose();
        cancelling.dispose();
      }
    },
  );
  deps.log.info(`qualify ${name}: ${result.result} in ${result.seconds} s: ${result.reason}`);
  for (const d of result.differing) deps.log.info(`qualify ${name}: differs: ${d}`);
  if (result.result === 'qualified')
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Agent Knock Knock: {0} is qualified on this machine ({1} s); its prompts are answered from here.',
        name,
        result.seconds,
      ),
    );
  else if (result.result !== 'cancelled') {
    const report = result.report;
    const showReport = vscode.l10n.t('Show Report');
    const openOutput = vscode.l10n.t('Open Output');
    void vscode.window
      .showWarningMessage(
        vscode.l10n.t('Agent Knock Knock: {0} stays answered in the terminal: {1}', name, result.reason) +
          (result.differing.length > 0 ? ` (${result.differing.slice(0, 3).join(', ')})` : ''),
        ...(report ? [showReport] : []),
        openOutput,
      )
      .then(async (pick) => {
        if (pick === openOutput) deps.log.show();
        // The differing screens, in an editor of its own: the person reads it, and shares it if they choose.
        if (pick === showReport && report)
          await vscode.window.showTextDocument(
            await vscode.workspace.openTextDocument({ language: 'markdown', content: report }),
          );
      });
  }
  return result;
}

/**
 * Setting akk.qualify.automatic: each session on a version that no record qualifies is qualified
 * as it appears, without asking, one run at a time (shown and cancellable as when asked for).
 * Which session, and which never again, is AutomaticQualificationQueue's to say.
 */
export class AutomaticQualification {
  private readonly queue = new AutomaticQualificationQueue();
  private running = false;

  constructor(private readonly deps: EditorCore) {}

  /** Called whenever the sessions or the setting change; runs what is due, one after another. */
  async consider(): Promise<void> {
    if (this.running || !automaticQualificationOn(readRawSetting(SETTING.qualifyAutomatic))) return;
    this.running = true;
    try {
      for (;;) {
        const session = this.queue.next((await this.deps.client.request('listSessions', {})).sessions);
        if (!session) return;
        const name = `${agentLabel(session.agent)} ${session.version ?? ''}`;
        this.deps.log.info(`akk.qualify.automatic: qualifying ${name} (session ${session.session_id})`);
        const result = await qualifyOnThisMachine(this.deps, session.session_id).then(
          (r) => r?.result ?? 'error',
          (e: unknown) => {
            void vscode.window.showWarningMessage(
              vscode.l10n.t(
                'Agent Knock Knock: {0} could not be qualified on this machine: {1}',
                name,
                errorMessageOf(e),
              ),
            );
            return 'error' as const;
          },
        );
        this.queue.finished(session, result);
        if (!automaticQualificationOn(readRawSetting(SETTING.qualifyAutomatic))) return;
      }
    } finally {
      this.running = false;
    }
  }
}
