/**
 * VS Code's `l10n` as a module without VS Code takes it: the extension passes `vscode` itself, a
 * unit test a stand-in. Its words stay `host.l10n.t('…')` calls with literal messages, so the
 * bundle (npm run l10n) finds them like any other.
 */
export interface L10nHost {
  l10n: { t(message: string, ...args: Array<string | number | boolean>): string };
}
