/**
 * The question panel: one webview that shows the current step of one session and sends back only
 * semantic ids. A fresh CSP nonce per load, scripts only from dist/webview, every message checked.
 */
import * as vscode from 'vscode';
import type { PermissionDecisionKind, PermissionProjection, ResponseReceipt } from '../../shared/contract';
import {
  KEY_SETTLE_MS,
  PanelToHost,
  type HostToPanel,
  type PanelNotice,
  type PanelView,
} from '../../shared/webview-messages';
import { sendDecision } from '../answering/approval';
import { decisionLabels } from '../answering/decision-labels';
import { readReply } from '../answering/words';
import { agentLabel, type PendingInteractions } from '../core/pending';
import { errorCodeOf, errorMessageOf, lapsedOutcome, outcomeFor } from '../core/rpc-error';
import { receiptWords } from '../answering/receipt-words';
import type { ServerClient } from '../core/server-client';
import { codedError } from '../../shared/errors';
import { panelHtml } from './question-panel-html';
import { noticeClickTarget } from './notice-click';

export class QuestionPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private sessionId: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** Permissions the panel was given, newest first: a decision is checked against what was shown. */
  private shownPermissions: PermissionProjection[] = [];
  /** The revision each shown step was rendered at, by interaction id: answers echo it. */
  private readonly shownRevisions = new Map<string, string>();
  private reading = false;
  /** The step last drawn in the panel, and when. */
  private drawn: { id: string | undefined; at: number } = { id: undefined, at: 0 };
  /** Whether the webview's script has said it is ready: messages posted before are lost. */
  private ready = false;
  /** A notification asked for before the webview was ready: raised once it is. */
  private queuedNotice: PanelNotice | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: ServerClient,
    private readonly pending: PendingInteractions,
    private readonly log: vscode.LogOutputChannel,
    private readonly inputAllowed: () => boolean,
    private readonly focusTerminal: (sessionId: string) => void,
  ) {
    this.disposables.push(pending.onDidChange(() => this.postView()));
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /**
   * Opens (or reveals) the panel on the session's current step. The panel appears at once with the
   * step already known (or "reading the terminal"), then shows the step fetched fresh.
   * `preserveFocus` keeps the keyboard in the agent's terminal (when the layout is set up).
   */
  async show(sessionId: string, preserveFocus = false): Promise<void> {
    this.sessionId = sessionId;
    if (!this.panel) this.create(preserveFocus);
    else this.panel.reveal(this.panel.viewColumn, preserveFocus);
    this.reading = true;
    this.postView();
    try {
      await this.pending.refresh(sessionId);
    } finally {
      this.reading = false;
      this.postView();
    }
  }

  /**
   * The permission the panel shows, for the keybindings that decide it: none when the panel is
   * hidden, and `too_soon` within KEY_SETTLE_MS of it being drawn (the key was meant for before).
   */
  shownPermission():
    { sessionId: string; permission: PermissionProjection; revision: string } | 'too_soon' | undefined {
    const step = this.sessionId ? this.pending.get(this.sessionId) : undefined;
    const p = step?.status.permission;
    const revision = step?.status.revision;
    if (!this.panel?.visible || !this.sessionId || !p || !revision) return undefined;
    if (this.drawn.id !== p.interaction_id || Date.now() - this.drawn.at < KEY_SETTLE_MS) return 'too_soon';
    return { sessionId: this.sessionId, permission: p, revision };
  }

  /**
   * Raises a notification on the person's side through the panel's webview, created in the background
   * for a step if there is none (ready with it when they click); a finished turn only by an open panel.
   */
  raiseNotice(notice: PanelNotice): boolean {
    if (!this.panel && notice.opens === 'terminal') return false;
    if (!this.panel) void this.show(notice.session_id, true);
    if (this.ready) this.post({ type: 'notify', notice });
    else this.queuedNotice = notice;
    return true;
  }

  private create(preserveFocus: boolean): void {
    const roots = [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview')];
    // Always the second column: the agent's terminal sits in the first, and the layout is set up
    // when the session starts, so showing a question never resizes the terminal.
    const panel = vscode.window.createWebviewPanel(
      'akk.questionPanel',
      vscode.l10n.t('Agent Question'),
      { viewColumn: vscode.ViewColumn.Two, preserveFocus },
      {
        enableScripts: true,
        localResourceRoots: roots,
        // Kept while hidden: a click on a notification shows the step at once, and the panel can
        // raise notifications outside the window from behind other tabs.
        retainContextWhenHidden: true,
      },
    );
    panel.webview.html = panelHtml(panel.webview, this.extensionUri);
    const subs: vscode.Disposable[] = [
      panel.webview.onDidReceiveMessage((m: unknown) => void this.onMessage(m)),
      panel.onDidDispose(() => {
        for (const d of subs) d.dispose();
        this.panel = undefined;
        this.ready = false;
      }),
    ];
    this.panel = panel;
  }

  private view(): PanelView {
    const step = this.sessionId ? this.pending.get(this.sessionId) : undefined;
    const session = this.sessionId ? this.pending.session(this.sessionId) : undefined;
    const allowed = this.inputAllowed();
    const untrusted = vscode.l10n.t(
      'This workspace is not trusted: Agent Knock Knock shows what the agent asks, but answers only in the terminal.',
    );
    const s = step?.status;
    return {
      session: session
        ? {
            session_id: session.session_id,
            agent_label: agentLabel(session.agent),
            version: session.version,
            state: s?.state ?? session.state,
          }
        : null,
      interaction: s?.interaction ?? null,
      permission: s?.permission ?? null,
      manual_reason: s?.manual_reason ?? null,
      input_allowed: allowed,
      reading: this.reading,
      input_blocked_reason: allowed ? null : untrusted,
      decision_labels: decisionLabels(vscode),
    };
  }

  private post(message: HostToPanel): void {
    void this.panel?.webview.postMessage(message);
  }

  private postView(): void {
    if (!this.panel) return;
    const view = this.view();
    const shownId = view.interaction?.interaction_id ?? view.permission?.interaction_id;
    const revision = this.sessionId ? this.pending.get(this.sessionId)?.status.revision : undefined;
    if (shownId && revision) {
      this.shownRevisions.set(shownId, revision);
      if (this.shownRevisions.size > 50) this.shownRevisions.delete(this.shownRevisions.keys().next().value as string);
    }
    if (shownId !== this.drawn.id) this.drawn = { id: shownId, at: Date.now() };
    const p = view.permission;
    if (p && !this.shownPermissions.some((x) => x.interaction_id === p.interaction_id)) {
      this.shownPermissions = [p, ...this.shownPermissions].slice(0, 20);
    }
    this.post({ type: 'view', view });
  }

  private async onMessage(raw: unknown): Promise<void> {
    const parsed = PanelToHost.safeParse(raw);
    if (!parsed.success) {
      this.log.warn(
        `Ignored a malformed message from the question panel: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
      this.post({
        type: 'outcome',
        requestId: null,
        kind: 'error',
        message: vscode.l10n.t('The panel sent a message that was not understood; nothing was sent to the terminal.'),
      });
      return;
    }
    const m = parsed.data;
    const sessionId = this.sessionId;
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.postView();
        if (this.queuedNotice) this.post({ type: 'notify', notice: this.queuedNotice });
        this.queuedNotice = undefined;
        return;
      case 'noticeClicked': {
        const target = noticeClickTarget(m, (id) => this.pending.session(id) !== undefined);
        if (target?.opens === 'terminal') this.focusTerminal(target.session);
        else if (target) await this.show(target.session);
        return;
      }
      case 'noticeResult':
        if (m.shown) this.log.info(`A notification was raised outside the window (${m.permission}).`);
        else this.log.warn(`No notification outside the window: ${m.reason ?? m.permission}`);
        return;
      case 'refresh':
        if (sessionId) await this.pending.refresh(sessionId);
        return;
      case 'focusTerminal':
        if (sessionId) this.focusTerminal(sessionId);
        return;
      case 'rejected':
        this.log.warn(`The question panel rejected a message from the extension: ${m.reason}`);
        return;
      case 'dismiss':
        await this.dismiss(sessionId, m.requestId, m.interaction_id, m.turn_id);
        return;
      case 'resolveWords':
        await this.readWords(sessionId, m.requestId, m.interaction_id, m.text);
        return;
      case 'respond':
      case 'approve': {
        if (!this.inputAllowed()) {
          this.post({
            type: 'outcome',
            requestId: m.requestId,
            kind: 'error',
            message: vscode.l10n.t('This workspace is not trusted, so answers are not sent from the editor.'),
          });
          return;
        }
        let failure: unknown;
        try {
          const revision = this.shownRevisions.get(m.interaction_id);
          if (revision === undefined) throw codedError('invalidated', 'the step is no longer shown');
          const receipt =
            m.type === 'respond'
              ? await this.client.request('respondInteraction', {
                  interaction_id: m.interaction_id,
                  turn_id: m.turn_id,
                  answers: m.answers,
                  expected_revision: revision,
                  ...(m.from_text ? { from_text: m.from_text } : {}),
                  ...(m.message !== undefined ? { message: m.message } : {}),
                })
              : await this.approve(sessionId, m.interaction_id, revision, m.decision, m.message);
          const words = receiptWords(vscode, receipt, m.type === 'respond' ? 'answer' : { decision: m.decision });
          this.post({ type: 'outcome', requestId: m.requestId, kind: 'answered', message: words.text });
        } catch (error) {
          failure = error;
          this.log.warn(
            `Answer from the question panel failed (${errorCodeOf(error) ?? 'error'}): ${errorMessageOf(error)}`,
          );
        }
        const fresh = sessionId ? await this.pending.refresh(sessionId) : undefined;
        if (failure !== undefined) {
          const code = errorCodeOf(failure);
          const outcome =
            code === 'offer_expired' || code === 'offer_required'
              ? lapsedOutcome(fresh?.id === m.interaction_id)
              : outcomeFor(failure);
          this.post({ type: 'outcome', requestId: m.requestId, ...outcome });
        }
        return;
      }
    }
  }

  /**
   * "Answer in the Terminal": the step is left to the terminal (nothing is typed, and it is not
   * offered again while it stays there); then the terminal is shown. Allowed in an untrusted
   * workspace too: it sends nothing to the agent.
   */
  private async dismiss(
    sessionId: string | undefined,
    requestId: number,
    interactionId: string,
    turnId: string,
  ): Promise<void> {
    let failure: unknown;
    try {
      await this.client.request('dismissInteraction', { interaction_id: interactionId, turn_id: turnId });
    } catch (error) {
      failure = error;
      this.log.warn(
        `Leaving the step to the terminal failed (${errorCodeOf(error) ?? 'error'}): ${errorMessageOf(error)}`,
      );
    }
    if (sessionId) await this.pending.refresh(sessionId);
    const outcome =
      failure === undefined
        ? { kind: 'dismissed' as const, message: vscode.l10n.t('Left to the terminal: answer it there.') }
        : outcomeFor(failure);
    this.post({ type: 'outcome', requestId, ...outcome });
    if (failure === undefined && sessionId) this.focusTerminal(sessionId);
  }

  /** Sends the decision for the permission the panel showed (see approval.ts for a redrawn prompt). */
  private async approve(
    sessionId: string | undefined,
    interactionId: string,
    revision: string,
    decision: PermissionDecisionKind,
    message?: string,
  ): Promise<ResponseReceipt> {
    const seen = this.shownPermissions.find((p) => p.interaction_id === interactionId);
    if (!sessionId || !seen) {
      throw codedError('invalidated', 'the permission prompt is no longer waiting');
    }
    return sendDecision(this.client, seen, revision, decision, message);
  }

  /** A reply in words: resolved to one option, which the panel selects for the person to check. */
  private async readWords(
    sessionId: string | undefined,
    requestId: number,
    interactionId: string,
    text: string,
  ): Promise<void> {
    const step = sessionId ? this.pending.get(sessionId)?.status.interaction : undefined;
    try {
      if (!step || step.interaction_id !== interactionId)
        throw codedError('invalidated', 'the question is no longer waiting');
      const r = await readReply(this.client, step, text);
      this.post({
        type: 'resolved',
        requestId,
        interaction_id: interactionId,
        option_id: r.option_id,
        label: r.label,
        via: r.via,
        text,
      });
    } catch (error) {
      this.log.warn(`Reading a reply failed (${errorCodeOf(error) ?? 'error'}): ${errorMessageOf(error)}`);
      this.post({ type: 'outcome', requestId, ...outcomeFor(error) });
    }
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
