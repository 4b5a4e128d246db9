/** Reads a setting by its one name in `src/shared/settings.ts`, with the default package.json declares. */
import * as vscode from 'vscode';
import type { Setting } from '../../shared/settings';

/** The value as configured; a hand-edited value of the wrong type is the caller's to check. */
export function readSetting<T>(s: Setting<T>): T {
  return vscode.workspace.getConfiguration().get<T>(s.key, s.fallback);
}

/** The value unchecked, for settings parsed at the trust boundary. */
export function readRawSetting<T>(s: Setting<T>): unknown {
  return vscode.workspace.getConfiguration().get<unknown>(s.key, s.fallback);
}
