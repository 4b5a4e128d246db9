/**
 * How an answer sent from the editor is reported: done, or the failure with the way out that fits
 * it (the terminal, or marking an uncertain answer checked). Nothing is answered in an untrusted
 * workspace.
 */
import * as vscode from 'vscode';
import type { EditorCore } from '../core/editor-core';
import type { ResponseReceipt } from '../../shared/contract';
import type { OutcomeKind } from '../../shared/webview-messages';
import { receiptWords, sentLabel, type Sent } from './receipt-words';
import { errorCodeOf, errorMessageOf, lapsedOutcome, outcomeFor } from '../core/rpc-error';

export function requireTrust(): boolean {
  if (vscode.workspace.isTrusted) return true;
  void vscode.window.showWarningMessage(
    vscode.l10n.t(
      'This workspace is not trusted: Agent Knock Knock shows pending prompts but answers only in the terminal.',
    ),
  );
  return false;
}

/** Sends, then tells the person what the receipt says (not which button was pressed), or the failure. */
export async function report<T extends Pick<ResponseReceipt, 'outcome' | 'replayed'>>(
  deps: EditorCore,
  sessionId: string,
  interactionId: string,
  work: () => Promise<T>,
  sent: Sent,
): Promise<T | undefined> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    const code = errorCodeOf(error);
    deps.log.warn(`${sentLabel(sent)} failed (${code ?? 'error'}): ${errorMessageOf(error)}`);
    const fresh = await deps.pending.refresh(sessionId);
    const o =
      code === 'offer_expired' || code === 'offer_required'
        ? lapsedOutcome(fresh?.id === interactionId)
        : outcomeFor(error);
    await showFailure(deps, sessionId, o);
    return undefined;
  }
  const words = receiptWords(vscode, result, sent);
  void (words.differs
    ? vscode.window.showWarningMessage(words.text)
    : vscode.window.showInformationMessage(words.text));
  await deps.pending.refresh(sessionId);
  return result;
}

/** A failed answer, with the way out that fits it: the terminal, or marking an uncertain answer checked. */
export async function showFailure(
  deps: EditorCore,
  sessionId: string,
  o: { kind: OutcomeKind; message: string },
): Promise<void> {
  const showTerminal = vscode.l10n.t('Show Terminal');
  const checked = vscode.l10n.t('I Checked the Terminal');
  const actions = o.kind === 'manual' ? [showTerminal] : o.kind === 'uncertain' ? [showTerminal, checked] : [];
  const picked = await (o.kind === 'error' || o.kind === 'uncertain'
    ? vscode.window.showErrorMessage(o.message, ...actions)
    : vscode.window.showWarningMessage(o.message, ...actions));
  if (picked === showTerminal)
    await vscode.commands.executeCommand('akk.focusSession', deps.pending.session(sessionId));
  if (picked === checked) await vscode.commands.executeCommand('akk.acknowledgeUncertain', sessionId);
}
