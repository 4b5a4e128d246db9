/**
 * A single choice from the palette, where the step's policy allows it also by a reply in words:
 * the reply is read (`words.ts`), and the option it names is shown for the person to confirm
 * before anything is sent. The answer then carries the words, which the server reads again.
 */
import * as vscode from 'vscode';
import type { Answer, InteractionQuestion, TerminalInteraction } from '../../shared/contract';
import { errorMessageOf } from '../core/rpc-error';
import type { ServerClient } from '../core/server-client';
import { readReply } from './words';
import { TEXT_SOURCE, type TextSource } from '../../shared/text-sources';

export interface PaletteChoice {
  answer: Answer;
  fromText?: { text: string; via: TextSource };
}

export async function pickOne(
  client: ServerClient,
  i: TerminalInteraction,
  q: InteractionQuestion,
  title: string,
): Promise<PaletteChoice | undefined> {
  const kind = q.response_kind === 'confirm' ? 'confirm' : 'single_select';
  const items: Array<vscode.QuickPickItem & { id: string | null }> = q.options.map((o, n) => ({
    label: `${n + 1}. ${o.label}`,
    ...(o.description ? { detail: o.description } : {}),
    id: o.option_id,
  }));
  const words = i.text_resolution !== undefined && i.text_resolution !== 'never';
  if (words)
    items.push({
      label: `$(comment) ${vscode.l10n.t('Reply in words…')}`,
      description: vscode.l10n.t('an option’s name or number'),
      id: null,
    });
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: q.prompt, ignoreFocusOut: true });
  if (!picked) return undefined;
  if (picked.id !== null)
    return { answer: { question_id: q.question_id, response_kind: kind, selected_option_ids: [picked.id] } };
  const text = await vscode.window.showInputBox({ title, prompt: q.prompt, ignoreFocusOut: true });
  if (text === undefined || text.trim() === '') return undefined;
  let read;
  try {
    read = await readReply(client, i, text.trim());
  } catch (error) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Your reply was not used: {0}. Nothing was sent.', errorMessageOf(error)),
    );
    return undefined;
  }
  const how =
    read.via === TEXT_SOURCE.model
      ? vscode.l10n.t('your reply names it as read by the language model')
      : vscode.l10n.t('your reply names it exactly');
  const send = await vscode.window.showQuickPick(
    [
      { label: `$(check) ${vscode.l10n.t('Send “{0}”', read.label)}`, description: how, go: true },
      { label: `$(close) ${vscode.l10n.t('Cancel')}`, description: vscode.l10n.t('Send nothing'), go: false },
    ],
    { title, placeHolder: `“${text.trim()}”`, ignoreFocusOut: true },
  );
  if (!send?.go) return undefined;
  return {
    answer: { question_id: q.question_id, response_kind: kind, selected_option_ids: [read.option_id] },
    fromText: { text: text.trim(), via: read.via },
  };
}
