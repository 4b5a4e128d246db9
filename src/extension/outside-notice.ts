/**
 * Notifications outside the window (setting: akk.notifications): when a step needs the person and
 * the window is not focused (or always, if they chose), a notification on their side names the
 * agent and what it asks, and a click brings the window to the front on the step. Raised by the
 * operating system's command where the extension host runs on their machine, otherwise by the
 * question panel's webview, which runs in their window wherever the host is.
 */
import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import { SETTING } from '../shared/settings';
import type { PanelNotice } from '../shared/webview-messages';
import { osNoticeCommand } from './os-notice';
import { noticeMode, planNotice, sessionOfStepUri } from './outside-notice-plan';
import type { PendingStep } from './pending';
import type { QuestionPanel } from './question-panel';
import { readRawSetting, readSetting } from './read-setting';

export class OutsideNotices {
  /** Set when the system's command is not installed: the panel raises every later notice. */
  private systemCommandMissing = false;

  constructor(
    private readonly panel: () => QuestionPanel,
    private readonly log: vscode.LogOutputChannel,
    private readonly focusUri: (sessionId: string) => vscode.Uri,
  ) {}

  raise(step: PendingStep, title: string, body: string): void {
    const s = step.status;
    const plan = planNotice({
      mode: noticeMode(readRawSetting(SETTING.notifications)),
      focused: vscode.window.state.focused,
      sessionId: step.session.session_id,
      stepId: s.interaction?.interaction_id ?? s.permission?.interaction_id,
      title,
      body,
      sound: Boolean(readSetting(SETTING.sound)),
    });
    if ('none' in plan) {
      this.log.debug(`No notification outside the window: ${plan.none}.`);
      return;
    }
    if (!this.onThisMachine(plan.notice)) this.panel().raiseNotice(plan.notice);
  }

  /** The system's own command, where the host is the person's machine; false where it cannot. */
  private onThisMachine(notice: PanelNotice): boolean {
    if (vscode.env.remoteName !== undefined || vscode.env.uiKind !== vscode.UIKind.Desktop) return false;
    const cmd = osNoticeCommand(process.platform, notice);
    if (!cmd || this.systemCommandMissing) return false;
    const child = spawn(cmd.command, cmd.args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') this.systemCommandMissing = true;
      this.log.warn(`${cmd.command}: ${e.message}; the question panel raises the notification instead`);
      this.panel().raiseNotice(notice);
    });
    child.on('close', () => {
      if (cmd.reportsClick && out.trim() === 'default') void vscode.env.openExternal(this.focusUri(notice.session_id));
    });
    return true;
  }
}

/** The address a click on the system's notification opens: the editor comes to the front on the step. */
export function stepUri(context: vscode.ExtensionContext, sessionId: string): vscode.Uri {
  const query = `session=${encodeURIComponent(sessionId)}`;
  return vscode.Uri.parse(`${vscode.env.uriScheme}://${context.extension.id}/step?${query}`);
}

/** Opens the step of an address made by stepUri; any other address (it comes from outside) does nothing. */
export function registerStepUris(isSession: (id: string) => boolean): vscode.Disposable {
  return vscode.window.registerUriHandler({
    handleUri(uri: vscode.Uri): void {
      const id = sessionOfStepUri(uri.path, uri.query, isSession);
      if (id !== undefined) void vscode.commands.executeCommand('akk.openQuestionPanel', id);
    },
  });
}
