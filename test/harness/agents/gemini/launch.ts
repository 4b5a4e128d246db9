// Launching Gemini CLI against the fake model: its settings (sign-in by the key in the environment,
// no folder-trust screen, no update checks or usage statistics, the scenario's MCP servers) and its
// environment (the key, and the fake model as its API's base URL).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LaunchRun } from '../types';

/** The key the client is given; the fake model takes any. */
export const GEMINI_FAKE_KEY = 'akk-fake-key';

/**
 * Writes `~/.gemini/settings.json` under `home`: every start-up screen configured away except those
 * named in `keep` (`trust`: the folder-trust screen; `auth`: the sign-in method and the key screens;
 * `editor`: what it asks in an editor's terminal, connecting the editor and the terminal's
 * keybindings, seen as VS Code's terminal: `TERM_PROGRAM=vscode`).
 */
export function geminiFiles(
  home: string,
  mcpServers: ReadonlyArray<{ name: string; script: string }>,
  keep: readonly string[] = [],
): void {
  const settings = {
    security: {
      ...(keep.includes('auth') ? {} : { auth: { selectedType: 'gemini-api-key' } }),
      folderTrust: { enabled: keep.includes('trust') },
    },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    ...(keep.includes('editor') ? {} : { ide: { hasSeenNudge: true } }),
    privacy: { usageStatisticsEnabled: false },
    mcpServers: Object.fromEntries(mcpServers.map((m) => [m.name, { command: process.execPath, args: [m.script] }])),
  };
  fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
  fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify(settings, null, 2));
  if (!keep.includes('editor'))
    fs.writeFileSync(path.join(home, '.gemini', 'state.json'), JSON.stringify({ terminalSetupPromptShown: true }));
}

/** The environment that points Gemini CLI at the fake model with the fake key. */
export function geminiEnv(modelUrl: string): Record<string, string> {
  return { GEMINI_API_KEY: GEMINI_FAKE_KEY, GOOGLE_GEMINI_BASE_URL: modelUrl };
}

export function prepareGemini(r: LaunchRun): Promise<{ env: Record<string, string>; args: string[] }> {
  geminiFiles(r.home, r.mcpServers, r.startup);
  const editor: Record<string, string> = r.startup.includes('editor') ? { TERM_PROGRAM: 'vscode' } : {};
  return Promise.resolve({ env: { ...geminiEnv(r.modelUrl), ...editor }, args: [] });
}
