/**
 * Notifications outside the window (setting: akk.notifications): when a step needs the person and
 * the window is not focused (or always, if they chose), a notification on their side names the
 * agent and what it asks, and a click brings the window to the front on the step. Raised by the
 * operating system's command where the extension host runs on their machine, otherwise by the
 * question panel's webview, which runs in their window wherever the host is.
 */
import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import { SETTING } from '../../shared/settings';
import type { PanelNotice } from '../../shared/webview-messages';
import { OS_NOTICE_LIFETIME_MS, osNoticeCommand } from './os-notice';
import { clickPath, clickTarget, noticeMode, planNotice } from './outside-notice-plan';
import type { PendingStep } from '../core/pending';
import type { QuestionPanel } from '../panel/question-panel';
import { readRawSetting, readSetting } from '../core/read-setting';

export class OutsideNotices {
  /** Set when the system's command is not installed: the panel raises every later notice. */
  private systemCommandMissing = false;

  constructor(
    private readonly panel: () => QuestionPanel,
    private readonly log: vscode.LogOutputChannel,
    private readonly clickUri: (sessionId: string, opens: PanelNotice['opens']) => vscode.Uri,
  ) {}

  /** A step that needs the person: its click shows the step in the panel. */
  raise(step: PendingStep, title: string, body: string): void {
    const s = step.status;
    const id = s.interaction?.interaction_id ?? s.permission?.interaction_id;
    this.tell(step.session.session_id, { step: id }, title, body);
  }

  /** A turn that finished: a silent notice whose click shows the session's terminal. */
  raiseFinished(sessionId: string, title: string, body: string): void {
    this.tell(sessionId, 'finished', title, body);
  }

  private tell(sessionId: string, about: { step: string | undefined } | 'finished', title: string, body: string): void {
    const plan = planNotice({
      mode: noticeMode(readRawSetting(SETTING.notifications)),
      focused: vscode.window.state.focused,
      sessionId,
      about,
      title,
      body,
      sound: Boolean(readSetting(SETTING.sound)),
    });
    if ('none' in plan) {
      this.log.debug(`No notification outside the window: ${plan.none}.`);
      return;
    }
    if (!this.onThisMachine(plan.notice)) this.byPanel(plan.notice);
  }

  private byPanel(notice: PanelNotice): void {
    if (!this.panel().raiseNotice(notice))
      this.log.debug('No notification outside the window for a finished turn: the question panel is not open.');
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
      this.byPanel(notice);
    });
    // A notice nobody clicks or closes does not leave its waiting command behind.
    const ended = setTimeout(() => child.kill(), OS_NOTICE_LIFETIME_MS + 5_000);
    child.on('close', () => {
      clearTimeout(ended);
      if (cmd.reportsClick && out.trim() === 'default')
        void vscode.env.openExternal(this.clickUri(notice.session_id, notice.opens));
    });
    return true;
  }
}

/** The address a click on the system's notification opens: the editor comes to the front on the step or terminal. */
export function clickUri(context: vscode.ExtensionContext, sessionId: string, opens: PanelNotice['opens']): vscode.Uri {
  const query = `session=${encodeURIComponent(sessionId)}`;
  return vscode.Uri.parse(`${vscode.env.uriScheme}://${context.extension.id}${clickPath(opens)}?${query}`);
}

/** Opens what an address made by clickUri names; any other address (it comes from outside) does nothing. */
export function registerClickUris(isSession: (id: string) => boolean, focusTerminal: (id: string) => void) {
  return vscode.window.registerUriHandler({
    handleUri(uri: vscode.Uri): void {
      const target = clickTarget(uri.path, uri.query, isSession);
      if (target?.opens === 'terminal') focusTerminal(target.session);
      else if (target) void vscode.commands.executeCommand('akk.openQuestionPanel', target.session);
    },
  });
}
