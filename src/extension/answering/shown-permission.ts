/**
 * Decisions bound to the permission a notification or the edit's diff view showed: the revision
 * seen travels with the decision, so a prompt that changed since is refused by the server and
 * nothing is typed. An edit opens as a diff of the lines the agent drew (kept and removed on the
 * left, kept and added on the right), with "Approve Edit Once" and "Reject Edit" in its title bar.
 */
import * as vscode from 'vscode';
import { linesAfterFirst } from './subject-fit';
import type { PermissionDecisionKind, PermissionProjection } from '../../shared/contract';
import { agentLabel } from '../../shared/agents';
import { sendDecision } from './approval';
import type { EditorCore } from '../core/editor-core';
import { report, requireTrust } from './report';
import { DECISION } from '../../shared/decisions';

/** A permission as it was shown: the session, the projection and the revision seen. */
export interface ShownPermission {
  sessionId: string;
  permission: PermissionProjection;
  revision: string;
}

const SCHEME = 'akk-edit';
/** Diffs opened, by interaction id (its URIs carry the id). */
const shownEdits = new Map<string, { shown: ShownPermission; before: string; after: string }>();

function isShown(v: unknown): v is ShownPermission {
  const s = v as Partial<ShownPermission> | undefined;
  return (
    typeof s?.sessionId === 'string' &&
    typeof s.revision === 'string' &&
    typeof s.permission?.interaction_id === 'string' &&
    typeof s.permission.turn_id === 'string' &&
    Array.isArray(s.permission.decisions)
  );
}

/** The words a notification uses for what is asked: the exact subject, named by its kind. */
export function permissionSentence(p: PermissionProjection): string {
  const first = p.subject.split('\n')[0] ?? '';
  const after = linesAfterFirst(p.subject);
  const more = after > 0 ? ` ${vscode.l10n.t('… and {0} more line(s)', after)}` : '';
  switch (p.tool) {
    case 'bash':
    case 'command':
      return vscode.l10n.t('run `{0}`', `${first}${more}`);
    case 'write':
      return vscode.l10n.t('create {0}', first);
    case 'edit':
      return vscode.l10n.t('edit {0}', first);
    case 'file_change':
      return vscode.l10n.t('change {0}', first);
    case 'web_fetch':
      return vscode.l10n.t('fetch from {0}', first);
    case 'mcp':
      return vscode.l10n.t('use the MCP tool {0}', first);
    case 'network':
      return vscode.l10n.t('reach the network at {0}', first);
    default:
      return `${p.title}: ${first}${more}`;
  }
}

/** Sends the decision for exactly the permission shown. */
export async function decideShown(deps: EditorCore, shown: unknown, decision: unknown): Promise<unknown> {
  if (!isShown(shown) || (decision !== DECISION.approveOnce && decision !== DECISION.reject)) {
    deps.log.warn('a decision without the permission it belongs to was ignored');
    return undefined;
  }
  if (!requireTrust() || !shown.permission.decisions.includes(decision)) return undefined;
  return report(
    deps,
    shown.sessionId,
    shown.permission.interaction_id,
    () => sendDecision(deps.client, shown.permission, shown.revision, decision),
    { decision },
  );
}

/** The two sides of an edit's drawn diff. */
function sides(p: PermissionProjection): { before: string; after: string } | undefined {
  if (p.preview?.kind !== 'diff') return undefined;
  const keep = (ops: string[]): string =>
    (p.preview?.kind === 'diff' ? p.preview.lines : [])
      .filter((l) => ops.includes(l.op))
      .map((l) => l.text)
      .join('\n') + '\n';
  return { before: keep(['context', 'removed']), after: keep(['context', 'added']) };
}

function editUri(p: PermissionProjection, side: 'before' | 'after'): vscode.Uri {
  const file = p.preview?.kind === 'diff' ? p.preview.file : p.subject;
  const base = file.split('/').pop() || 'file';
  return vscode.Uri.from({ scheme: SCHEME, path: `/${p.interaction_id}/${side}/${base}` });
}

/** Opens the edit's diff as the agent drew it. */
export async function showEditDiff(shown: unknown, agent: string): Promise<void> {
  if (!isShown(shown)) return;
  const both = sides(shown.permission);
  if (!both) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This permission has no diff to show.'));
    return;
  }
  shownEdits.set(shown.permission.interaction_id, { shown, ...both });
  const p = shown.permission;
  await vscode.commands.executeCommand(
    'vscode.diff',
    editUri(p, 'before'),
    editUri(p, 'after'),
    vscode.l10n.t('{0}: edit proposed by {1} (as drawn)', p.subject, agentLabel(agent)),
    { preview: false },
  );
}

/** The shown edit whose diff is in the active editor (or named by the editor title's resource). */
function activeEdit(resource: unknown): ShownPermission | undefined {
  const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== SCHEME) return undefined;
  return shownEdits.get(uri.path.split('/')[1] ?? '')?.shown;
}

export function decideShownEdit(deps: EditorCore, resource: unknown, decision: PermissionDecisionKind): unknown {
  const shown = activeEdit(resource);
  if (!shown) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('No edit waiting for a decision is shown here; nothing was sent.'),
    );
    return undefined;
  }
  return decideShown(deps, shown, decision);
}

/** Serves both sides of every diff opened. */
export function registerEditDiffs(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent(uri) {
      const [, id, side] = uri.path.split('/');
      const e = shownEdits.get(id ?? '');
      if (!e) return vscode.l10n.t('This edit is no longer waiting.');
      return side === 'before' ? e.before : e.after;
    },
  });
}
