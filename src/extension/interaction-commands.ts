/**
 * Palette paths for answering: approve or reject a permission, answer a question, list what is
 * pending, and the history of a session. Each sends semantic ids only, after a fresh status.
 */
import * as vscode from 'vscode';
import type { Answer } from '../shared/contract';
import { MAX_FREE_TEXT_LENGTH, answerTextProblem } from '../shared/answer-text';
import { pickOne, type PaletteChoice } from './answering/palette-words';
import { decideFromPalette } from './answering/palette-decision';
import { pickStep } from './answering/step-picker';
import { decideShown, decideShownEdit, showEditDiff, type ShownPermission } from './answering/shown-permission';
import type { CommandDeps } from './command-deps';
import { agentLabel } from './core/pending';
import { report, requireTrust, showFailure } from './answering/report';
import { errorCodeOf, errorMessageOf, outcomeFor } from './core/rpc-error';
import { DECISION } from '../shared/decisions';
import type { PermissionDecisionKind } from '../shared/contract';

/**
 * The permission the question panel shows, decided by a keybinding of the person's own (none is
 * bound by default). A key within the settle time of the permission being drawn does nothing.
 */
async function decidePanelShown(deps: CommandDeps, decision: PermissionDecisionKind): Promise<unknown> {
  const shown = deps.panel.shownPermission();
  if (shown === 'too_soon') return undefined;
  if (!shown) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'No permission is shown in the question panel: Approve Pending Permission lists every one that waits.',
      ),
    );
    return undefined;
  }
  return decideShown(deps, shown, decision);
}

export const INTERACTION_COMMANDS: Readonly<Record<string, (deps: CommandDeps, ...args: unknown[]) => unknown>> = {
  'akk.approveShownPermissionOnce': (deps) => decidePanelShown(deps, DECISION.approveOnce),
  'akk.rejectShownPermission': (deps) => decidePanelShown(deps, DECISION.reject),
  'akk.approvePermission': (deps) => decideFromPalette(deps, DECISION.approveOnce),
  'akk.rejectPermission': (deps) => decideFromPalette(deps, DECISION.reject),
  // A notification's own buttons: bound to the permission it announced.
  'akk.decideShownPermission': (deps, shown, decision) => decideShown(deps, shown, decision),
  'akk.showEditDiff': (deps, shown) => showEditDiffOf(deps, shown),
  'akk.approveShownEdit': (deps, resource) => decideShownEdit(deps, resource, DECISION.approveOnce),
  'akk.rejectShownEdit': (deps, resource) => decideShownEdit(deps, resource, DECISION.reject),
  'akk.answerQuestion': async (deps) => {
    if (!requireTrust()) return undefined;
    const step = await pickStep(deps, vscode.l10n.t('Answer Pending Question'), (s) => !!s.status.interaction);
    if (!step) return undefined;
    const fresh = await deps.pending.refresh(step.session.session_id);
    const i = fresh?.status.interaction;
    const q = i?.questions[0];
    if (!i || !q) {
      void vscode.window.showWarningMessage(vscode.l10n.t('That question is no longer waiting; nothing was sent.'));
      return undefined;
    }
    const header = q.header ? ` · ${q.header}` : '';
    const agent = agentLabel(step.session.agent);
    const title = `${vscode.l10n.t('{0} · step {1} of {2}', agent, i.step.index, i.step.total)}${header}`;
    let answer: Answer;
    let fromText: PaletteChoice['fromText'];
    if (q.response_kind === 'free_text') {
      const text = await vscode.window.showInputBox({
        title,
        ignoreFocusOut: true,
        prompt: q.prompt,
        // Spaces at either end cannot be proven on the terminal: the answer is sent trimmed.
        validateInput: (v) =>
          v.trim() === '' ? undefined : answerTextProblem(v.trim(), q.max_length ?? MAX_FREE_TEXT_LENGTH)?.message,
      });
      if (text === undefined || text.trim() === '') return undefined;
      answer = { question_id: q.question_id, response_kind: 'free_text', text: text.trim() };
    } else {
      const items = q.options.map((o, n) => ({
        label: `${n + 1}. ${o.label}`,
        ...(o.description ? { detail: o.description } : {}),
        id: o.option_id,
      }));
      if (q.response_kind === 'multi_select') {
        const picked = await vscode.window.showQuickPick(items, {
          title,
          placeHolder: q.prompt,
          canPickMany: true,
          ignoreFocusOut: true,
        });
        if (!picked) return undefined;
        answer = {
          question_id: q.question_id,
          response_kind: 'multi_select',
          selected_option_ids: picked.map((p) => p.id),
        };
      } else {
        const choice = await pickOne(deps.client, i, q, title);
        if (!choice) return undefined;
        answer = choice.answer;
        fromText = choice.fromText;
      }
    }
    const chosen = answer;
    const revision = fresh.status.revision;
    if (revision === null) return undefined;
    const request = {
      interaction_id: i.interaction_id,
      turn_id: i.turn_id,
      answers: [chosen],
      expected_revision: revision,
      ...(fromText ? { from_text: fromText } : {}),
    };
    return report(
      deps,
      step.session.session_id,
      i.interaction_id,
      () => deps.client.request('respondInteraction', request),
      'answer',
    );
  },
  'akk.dismissPendingStep': async (deps) => {
    // Nothing is typed, so this needs no trust: the step is left to the terminal, which is shown.
    const step = await pickStep(
      deps,
      vscode.l10n.t('Answer Pending Step in the Terminal'),
      (s) => !!(s.status.interaction ?? s.status.permission),
    );
    const shown = step?.status.interaction ?? step?.status.permission;
    if (!step || !shown) return undefined;
    const sessionId = step.session.session_id;
    try {
      const r = await deps.client.request('dismissInteraction', {
        interaction_id: shown.interaction_id,
        turn_id: shown.turn_id,
      });
      await deps.pending.refresh(sessionId);
      await vscode.commands.executeCommand('akk.focusSession', deps.pending.session(sessionId) ?? step.session);
      return r;
    } catch (error) {
      deps.log.warn(
        `Leaving the step to the terminal failed (${errorCodeOf(error) ?? 'error'}): ${errorMessageOf(error)}`,
      );
      await deps.pending.refresh(sessionId);
      await showFailure(deps, sessionId, outcomeFor(error));
      return undefined;
    }
  },
  'akk.acknowledgeUncertain': async (deps, arg?: unknown) => {
    const id = typeof arg === 'string' ? arg : (arg as { session_id?: unknown } | undefined)?.session_id;
    const uncertain = deps.sessions.all().filter((s) => s.state === 'response_uncertain');
    const sessionId =
      typeof id === 'string'
        ? id
        : uncertain.length === 1
          ? uncertain[0]?.session_id
          : (
              await vscode.window.showQuickPick(
                uncertain.map((s) => ({
                  label: `${agentLabel(s.agent)} ${s.version ?? ''}`,
                  description: s.endpoint.target,
                  id: s.session_id,
                })),
                { title: vscode.l10n.t('Which terminal did you check?') },
              )
            )?.id;
    if (!sessionId) {
      if (uncertain.length === 0)
        void vscode.window.showInformationMessage(
          vscode.l10n.t('No session is waiting for an uncertain answer to be checked.'),
        );
      return undefined;
    }
    const r = await deps.client.request('acknowledgeUncertain', { session_id: sessionId });
    const followed = vscode.l10n.t(
      'Agent Knock Knock follows this terminal again; the uncertain answer stays in the history as failed.',
    );
    void vscode.window.showInformationMessage(vscode.l10n.t('Marked as checked.') + ' ' + followed);
    return r;
  },
  'akk.showPendingInteractions': async (deps) => {
    const step = await pickStep(deps, vscode.l10n.t('Pending Interactions'), () => true);
    if (step) await deps.panel.show(step.session.session_id);
    return step?.id;
  },
  'akk.openOldestPending': async (deps) => {
    const oldest = deps.pending.list()[0];
    if (oldest) await deps.panel.show(oldest.session.session_id);
  },
  'akk.openQuestionPanel': async (deps, sessionId?: unknown) => {
    const id =
      typeof sessionId === 'string'
        ? sessionId
        : (deps.pending.list()[0]?.session.session_id ?? deps.sessions.all()[0]?.session_id);
    if (!id) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No agent session is attached.'));
      return;
    }
    await deps.panel.show(id);
  },
  'akk.showHistory': async (deps) => {
    const all = deps.sessions.all();
    const session =
      all.length === 1
        ? all[0]
        : (
            await vscode.window.showQuickPick(
              all.map((s) => ({ label: `${agentLabel(s.agent)} ${s.version ?? ''}`, description: s.state, s })),
              { title: vscode.l10n.t('Interaction History') },
            )
          )?.s;
    if (!session) return undefined;
    const { interactions } = await deps.client.request('listInteractions', {
      session_id: session.session_id,
      limit: 200,
    });
    await vscode.window.showQuickPick(
      interactions.map((i) => ({
        label: i.title,
        description: `${i.status}${i.outcome ? ` · ${i.outcome}` : ''}`,
        detail:
          `${i.kind} · ${new Date(i.created_at).toLocaleString()}` +
          (i.resolved_at ? ` → ${new Date(i.resolved_at).toLocaleTimeString()}` : ''),
      })),
      {
        title: vscode.l10n.t('History: {0} {1}', agentLabel(session.agent), session.endpoint.target),
        placeHolder:
          interactions.length === 0
            ? vscode.l10n.t('No interactions yet')
            : vscode.l10n.t('Interactions, newest first'),
      },
    );
    return interactions.length;
  },
};

/** The diff of an edit: the one a notification showed, or the oldest edit waiting. */
async function showEditDiffOf(deps: CommandDeps, shown: unknown): Promise<void> {
  if (shown !== undefined) {
    const session = deps.pending.session((shown as Partial<ShownPermission>).sessionId ?? '');
    return showEditDiff(shown, session?.agent ?? 'agent');
  }
  const step = await pickStep(
    deps,
    vscode.l10n.t('Show Pending Edit'),
    (s) => s.status.permission?.preview?.kind === 'diff',
  );
  const p = step?.status.permission;
  if (!step || !p || step.status.revision === null) return undefined;
  const current: ShownPermission = {
    sessionId: step.session.session_id,
    permission: p,
    revision: step.status.revision,
  };
  return showEditDiff(current, step.session.agent);
}
