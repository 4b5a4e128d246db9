/**
 * A confirmation's dialogs in VS Code: a modal one, and the read-only document Show All opens with
 * the whole text of what is asked (served from memory, never written to disk), beside a
 * notification that leaves it readable while the person chooses.
 */
import * as vscode from 'vscode';
import type { ConfirmUi } from './confirmation-flow';

const SCHEME = 'akk-whole';
/** The texts opened, by the id their URIs carry; only the last few are kept. */
const texts = new Map<string, string>();
const KEPT = 20;
let opened = 0;

export const CONFIRM_UI: ConfirmUi = {
  modal: (message, detail, buttons) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons),
  openWhole: async (text) => {
    const id = String(++opened);
    texts.set(id, text);
    for (const old of [...texts.keys()].slice(0, Math.max(0, texts.size - KEPT))) texts.delete(old);
    const name = vscode.l10n.t('Whole text of the request');
    const doc = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: SCHEME, path: `/${id}/${name}.txt` }),
    );
    await vscode.window.showTextDocument(doc, { preview: false });
  },
  notify: (message, buttons) => vscode.window.showWarningMessage(message, ...buttons),
};

/** Serves the whole texts Show All opened. */
export function registerWholeTexts(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent: (uri) =>
      texts.get(uri.path.split('/')[1] ?? '') ?? vscode.l10n.t('This text is no longer kept.'),
  });
}
