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
import type { PendingStep } from './pending';
import type { QuestionPanel } from './question-panel';
import { readSetting } from './read-setting';

type NoticeMode = 'unfocused' | 'always' | 'off';

/** The setting's value; `on`, its earlier value, and anything unreadable are `unfocused`. */
function noticeMode(): NoticeMode {
  const raw: unknown = readSetting(SETTING.notifications);
  return raw === 'always' || raw === 'off' ? raw : 'unfocused';
}

const TAG = /^[A-Za-z0-9_.:-]{1,128}$/;

export class OutsideNotices {
  constructor(
    private readonly panel: () => QuestionPanel,
    private readonly log: vscode.LogOutputChannel,
    private readonly focusUri: (sessionId: string) => vscode.Uri,
  ) {}

  raise(step: PendingStep, title: string, body: string): void {
    const mode = noticeMode();
    const focused = vscode.window.state.focused;
    if (mode === 'off' || (mode === 'unfocused' && focused)) {
      this.log.info(`No notification outside the window (akk.notifications: ${mode}; focused: ${String(focused)}).`);
      return;
    }
    const s = step.status;
    const id = s.interaction?.interaction_id ?? s.permission?.interaction_id ?? `${step.session.session_id}.manual`;
    const notice: PanelNotice = {
      session_id: step.session.session_id,
      title: title.slice(0, 200),
      body: body.slice(0, 1000),
      tag: TAG.test(id) ? id : step.session.session_id,
      silent: !readSetting(SETTING.sound),
    };
    if (!this.onThisMachine(notice)) this.panel().raiseNotice(notice);
  }

  /** The system's own command, where the host is the person's machine; false where it cannot. */
  private onThisMachine(notice: PanelNotice): boolean {
    if (vscode.env.remoteName !== undefined || vscode.env.uiKind !== vscode.UIKind.Desktop) return false;
    const cmd = osNoticeCommand(process.platform, notice);
    if (!cmd) return false;
    const child = spawn(cmd.command, cmd.args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.on('error', (e) => {
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
      const id = new URLSearchParams(uri.query).get('session');
      if (uri.path !== '/step' || id === null || !isSession(id)) return;
      void vscode.commands.executeCommand('akk.openQuestionPanel', id);
    },
  });
}
