/**
 * Sessions the person muted from the Agent Sessions view: neither their steps nor their finished
 * turns raise a notification (the status bar, the badge and the panel still count them). Kept in the
 * workspace's state, so a muted tmux session stays muted across a reload; "Unmute" undoes it.
 */
import * as vscode from 'vscode';
import { agentLabel } from '../../shared/agents';
import type { SessionSummary } from '../../shared/protocol';

const KEY = 'akk.mutedSessions';
/** More than any person keeps attached: the oldest mutes go first. */
const MAX_MUTED = 200;

export class SessionMutes {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {}

  private ids(): string[] {
    const v = this.memento.get<unknown>(KEY, []);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }

  isMuted(sessionId: string): boolean {
    return this.ids().includes(sessionId);
  }

  async set(sessionId: string, muted: boolean): Promise<void> {
    const rest = this.ids().filter((id) => id !== sessionId);
    await this.memento.update(KEY, muted ? [...rest, sessionId].slice(-MAX_MUTED) : rest);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** "Mute Notifications" / "Unmute Notifications": the session given (a row of the view), or one picked. */
export async function setSessionMuted(
  mutes: SessionMutes,
  sessions: readonly SessionSummary[],
  arg: unknown,
  muted: boolean,
): Promise<void> {
  const given = (arg as { session_id?: unknown } | undefined)?.session_id;
  const candidates = sessions.filter((s) => s.state !== 'exited' && mutes.isMuted(s.session_id) !== muted);
  let session = typeof given === 'string' ? sessions.find((s) => s.session_id === given) : undefined;
  if (!session && typeof given !== 'string') {
    if (candidates.length <= 1) session = candidates[0];
    else
      session = (
        await vscode.window.showQuickPick(
          candidates.map((s) => ({ label: `${agentLabel(s.agent)} ${s.version ?? ''}`, detail: s.endpoint.target, s })),
          {
            title: muted
              ? vscode.l10n.t('Mute Notifications of a Session')
              : vscode.l10n.t('Unmute Notifications of a Session'),
          },
        )
      )?.s;
  }
  if (!session) {
    void vscode.window.showInformationMessage(
      muted
        ? vscode.l10n.t('Agent Knock Knock: no session to mute.')
        : vscode.l10n.t('Agent Knock Knock: no session to unmute.'),
    );
    return;
  }
  await mutes.set(session.session_id, muted);
}
