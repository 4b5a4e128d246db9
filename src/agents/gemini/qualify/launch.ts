// Launching Gemini CLI against the fake model: its settings (sign-in by the key in the environment,
// no folder-trust screen, no update checks or usage statistics, the scenario's MCP servers) and its
// environment (the key, and the fake model as its API's base URL).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENT_DESCRIPTORS, themeConditionName } from '../../../shared/agents';
import type { LaunchRun } from '../../../qualify/agents/types';

const choice = AGENT_DESCRIPTORS.gemini.rendering;
const OFFERED = 'themeSetting' in choice ? choice.themeSetting.offered : [];
/** Every theme Gemini CLI offers (its `ui.theme` setting), as rendering conditions name them (`default-light`). */
export const GEMINI_THEMES: readonly string[] = OFFERED.map(themeConditionName);

/** The setting's own spelling of a theme named as a condition (`default-light` is `Default Light`). */
function themeSettingValue(theme: string): string {
  const value = OFFERED.find((t) => themeConditionName(t) === theme);
  if (value === undefined) throw new Error(`Gemini CLI offers no theme ${theme}: ${GEMINI_THEMES.join(', ')}`);
  return value;
}

/** The key the client is given; the fake model takes any. */
export const GEMINI_FAKE_KEY = 'akk-fake-key';

/**
 * Writes `~/.gemini/settings.json` under `home`: every start-up screen configured away except those
 * named in `keep` (`trust`: the folder-trust screen; `auth`: the sign-in method and the key screens;
 * `editor`: what it asks in an editor's terminal, connecting the editor and the terminal's
 * keybindings, seen as VS Code's terminal: `TERM_PROGRAM=vscode`), and the theme a person chose
 * (named as a condition; without one the client picks by the terminal's background).
 */
export function geminiFiles(
  home: string,
  mcpServers: ReadonlyArray<{ name: string; script: string }>,
  keep: readonly string[] = [],
  theme?: string,
): void {
  const settings = {
    security: {
      ...(keep.includes('auth') ? {} : { auth: { selectedType: 'gemini-api-key' } }),
      folderTrust: { enabled: keep.includes('trust') },
    },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    ...(keep.includes('editor') ? {} : { ide: { hasSeenNudge: true } }),
    ...(theme === undefined ? {} : { ui: { theme: themeSettingValue(theme) } }),
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
  geminiFiles(r.home, r.mcpServers, r.startup, r.rendering.theme);
  const editor: Record<string, string> = r.startup.includes('editor') ? { TERM_PROGRAM: 'vscode' } : {};
  return Promise.resolve({ env: { ...geminiEnv(r.modelUrl), ...editor }, args: [] });
}
