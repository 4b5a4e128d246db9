/**
 * Pending steps across sessions, as the server reports them. Notifications only wake this up:
 * every step shown is fetched fresh with `akk/status`, which is also what makes it answerable.
 */
import * as vscode from 'vscode';
import type { SessionSummary, StatusResult } from '../../shared/protocol';
import { errorCodeOf } from './rpc-error';
import type { ServerClient } from './server-client';

export interface PendingStep {
  session: SessionSummary;
  status: StatusResult;
  /** The interaction id of the step (questionnaire or permission). */
  id: string;
  since: number;
}

/** The agent's name for the user, from the registry (imported from here by the views of pending steps). */
export { agentLabel } from '../../shared/agents';

export function describeStep(step: PendingStep): string {
  const s = step.status;
  if (s.permission) return `${s.permission.title}: ${s.permission.subject.split('\n')[0] ?? ''}`;
  const q = s.interaction?.questions[0];
  if (q) return q.header ? `${q.header}: ${q.prompt}` : q.prompt;
  return s.manual_reason ?? s.state;
}

/** The key of a step left to the terminal: it has no interaction id, so its session and words. */
const MANUAL_KEY = 'manual:';

/** A step with the same text as the one announced this recently is a redraw, not a new question. */
const REDRAW_WINDOW_MS = 10_000;

export class PendingInteractions implements vscode.Disposable {
  private readonly steps = new Map<string, PendingStep>();
  private sessions: SessionSummary[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly announced = new Set<string>();
  private readonly lastAnnounced = new Map<string, { what: string; at: number }>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly client: ServerClient,
    private readonly log: vscode.LogOutputChannel,
    private readonly announce: (step: PendingStep) => void,
  ) {}

  /** Oldest first. */
  list(): PendingStep[] {
    return [...this.steps.values()].sort((a, b) => a.since - b.since);
  }

  get(sessionId: string): PendingStep | undefined {
    return this.steps.get(sessionId);
  }

  session(sessionId: string): SessionSummary | undefined {
    return this.sessions.find((s) => s.session_id === sessionId);
  }

  /** Takes the session list and refreshes every session that reports a pending step. */
  async setSessions(sessions: SessionSummary[]): Promise<void> {
    this.sessions = sessions;
    const live = new Set(sessions.map((s) => s.session_id));
    for (const id of [...this.steps.keys()]) if (!live.has(id)) this.steps.delete(id);
    await Promise.all(
      sessions.map((s) =>
        s.pending || this.steps.has(s.session_id) ? this.refresh(s.session_id) : Promise.resolve(undefined),
      ),
    );
    this.changed.fire();
  }

  /** Fetches the session's fresh status; keeps it when a step is pending. */
  async refresh(sessionId: string): Promise<PendingStep | undefined> {
    let status: StatusResult;
    try {
      status = await this.client.request('status', { session_id: sessionId });
    } catch (error) {
      if (errorCodeOf(error) === 'unknown_session') this.steps.delete(sessionId);
      else this.log.warn(`status of ${sessionId}: ${String(error)}`);
      this.changed.fire();
      return undefined;
    }
    const session = this.session(sessionId) ?? {
      session_id: sessionId,
      agent: status.agent,
      version: status.version,
      state: status.state,
      turn_id: status.turn_id,
      binding_generation: null,
      endpoint: { kind: 'tmux' as const, target: '' },
      survives_reload: false,
      pending: null,
    };
    const id = status.interaction?.interaction_id ?? status.permission?.interaction_id;
    if (!id && status.state !== 'manual_required') {
      // A step left to the terminal that went away is news again if the same words come back.
      const gone = this.steps.get(sessionId)?.id;
      if (gone?.startsWith(MANUAL_KEY)) this.announced.delete(gone);
      this.steps.delete(sessionId);
      this.changed.fire();
      return undefined;
    }
    const key = id ?? `${MANUAL_KEY}${sessionId}:${status.manual_reason ?? ''}`;
    const previous = this.steps.get(sessionId);
    const step: PendingStep = { session, status, id: key, since: previous?.id === key ? previous.since : Date.now() };
    this.steps.set(sessionId, step);
    this.changed.fire();
    if (!this.announced.has(key)) {
      this.announced.add(key);
      // The same question redrawn (a resize re-keys the step) is not news: one notification.
      const what = `${describeStep(step)}\u0000${status.interaction?.step.index ?? 0}`;
      const last = this.lastAnnounced.get(sessionId);
      if (!last || last.what !== what || Date.now() - last.at > REDRAW_WINDOW_MS) this.announce(step);
      this.lastAnnounced.set(sessionId, { what, at: Date.now() });
    }
    return step;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
