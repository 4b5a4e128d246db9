/** `vscode.l10n` as English: the message with its `{n}` filled in, as VS Code does without a bundle. */
import type { L10nHost } from '../../../src/extension/core/l10n-host';

export const ENGLISH: L10nHost = {
  l10n: {
    t: (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, n: string) => String(args[Number(n)] ?? whole)),
  },
};
