/**
 * The agent registry: everything the server, the editor and the test harness know about each
 * supported agent CLI, in one table. Code elsewhere iterates it and never names an agent (a unit
 * test, test/unit/layout/agent-names.test.ts, holds that). docs/adding-an-agent.md says what a
 * new entry takes. Pure data: no Node, no vscode.
 */

/** The agents AKK supports, in the order they are listed wherever all are shown. */
export const AGENTS = ['claude', 'codex', 'gemini'] as const;
export type AgentName = (typeof AGENTS)[number];
/** What a terminal runs, as far as it was identified: a supported agent, or not. */
export type AgentKind = AgentName | 'unknown';

/**
 * How the server tells an agent's executable by the npm package it lies in (read from disk by
 * src/server/sessions/agent-identity.ts; these are only the facts).
 */
interface AgentIdentification {
  /** The package users install, and the one the test harness installs. */
  npmPackage: string;
  /** Every package name whose files are this agent: the package and its native platform packages. */
  packagePattern: RegExp;
  /** File names an executable (or a script run by node) of this agent has. */
  executables: readonly string[];
  /**
   * A layout file beside the native binary's `bin/` that holds the exact version, accepted when its
   * `variant` is absent or equal to `variant`.
   */
  layoutFile?: { name: string; variant: string };
  /**
   * A platform package published as `<npmPackage>@<version>-<os>-<arch>` in a folder named
   * `<platformDirPrefix><os>-<arch>`: the suffix is not part of the version.
   */
  platformDirPrefix?: string;
}

/**
 * How the client chooses its colours, so that a qualification on the person's machine is made
 * under the rendering they see: its own theme setting (a key of a JSON file in its config folder),
 * or the terminal's background, which it asks the terminal for.
 */
type RenderingChoice =
  | {
      themeSetting: {
        /** The file, in `$<dirEnv>` when set, else in the home folder. */
        file: string;
        dirEnv: string;
        /** The setting's key; dots name nested objects (`ui.theme`). */
        key: string;
        /** The theme drawn when the key is absent: the corpus's own, which every capture is made under. */
        default: string;
        /** Every theme the client offers, as the setting spells it. */
        offered: readonly string[];
        /**
         * The client also asks the terminal for its background: without the setting it draws the
         * theme that suits the background, and with it, it warns when the theme does not.
         */
        asksBackground?: true;
      };
    }
  | { adaptsToBackground: true };

interface AgentDescriptor {
  name: AgentName;
  /** How the editor names the agent to the user. */
  displayName: string;
  identification: AgentIdentification;
  /** Prefix of the agent's launch settings in package.json (`<prefix>command`, `args`, `env`). */
  settingsPrefix: string;
  /** The default of `<prefix>command`. */
  launchCommand: string;
  /** The command that starts the agent in a new terminal, contributed in package.json. */
  newSessionCommand: string;
  /** How a person keeps the client from moving off a qualified version (its own setting or variable). */
  updatesOff: string;
  rendering: RenderingChoice;
  /**
   * The environment that keeps the client from connecting to an editor (Claude Code's `/ide`: the
   * official extension opens its edits as diffs there, answered in the editor): what the launch
   * setting `<prefix>connectToEditor` set to false adds. Absent, the client has no such connection.
   */
  editorConnectionOff?: Readonly<Record<string, string>>;
  /** Where AKK's hook entry goes, for an agent whose own hooks AKK connects (Connect and Disconnect). */
  hooks?: AgentHooks;
}

export interface AgentHooks {
  /** The hook events AKK's hook program is registered for. */
  events: readonly string[];
  /** The agent's user settings: `<$dirEnv or ~/homeDir>/userFile`. */
  userSettings: { dirEnv: string; homeDir: string; file: string };
  /** A project's own settings, not shared with others, relative to its folder. */
  projectSettings: string;
  /** Settings that switch the agent's hooks off (true in any of its settings files, or the managed ones). */
  switchedOffBy: { keys: readonly string[]; managedFiles: readonly string[] };
  /** The client's argument that gives a session more settings (its value the settings' JSON). */
  sessionFlag: string;
  /** The commands that connect and disconnect it, contributed in package.json. */
  connectCommand: string;
  disconnectCommand: string;
}

export const AGENT_DESCRIPTORS: { readonly [N in AgentName]: AgentDescriptor & { name: N } } = {
  claude: {
    name: 'claude',
    displayName: 'Claude Code',
    identification: {
      npmPackage: '@anthropic-ai/claude-code',
      packagePattern: /^@anthropic-ai\/claude-code(?:-(?:linux|darwin|win32)-(?:x64|arm64)(?:-musl)?)?$/,
      executables: ['claude', 'claude.exe', 'cli.js', 'cli.mjs'],
    },
    settingsPrefix: 'akk.claude.',
    launchCommand: 'claude',
    newSessionCommand: 'akk.newClaudeSession',
    updatesOff: 'set DISABLE_AUTOUPDATER=1 in its environment (for sessions AKK starts: akk.claude.env)',
    rendering: {
      themeSetting: {
        file: '.claude.json',
        dirEnv: 'CLAUDE_CONFIG_DIR',
        key: 'theme',
        default: 'dark',
        offered: ['dark', 'light', 'dark-daltonized', 'light-daltonized', 'dark-ansi', 'light-ansi'],
      },
    },
    // The client's own switch: it wins over its autoConnectIde setting, CLAUDE_CODE_SSE_PORT and a
    // VS Code terminal (read from Claude Code 2.1.332, and tried against the loopback editor of
    // test/support/fake-ide.ts).
    editorConnectionOff: { CLAUDE_CODE_AUTO_CONNECT_IDE: 'false' },
    // Its PermissionRequest hook runs beside each permission dialog it draws (AGENT-CHANNELS.md).
    hooks: {
      events: ['PermissionRequest'],
      userSettings: { dirEnv: 'CLAUDE_CONFIG_DIR', homeDir: '.claude', file: 'settings.json' },
      projectSettings: '.claude/settings.local.json',
      // An organisation's managed settings can switch hooks off, or allow only its own.
      switchedOffBy: {
        keys: ['disableAllHooks', 'allowManagedHooksOnly'],
        managedFiles: [
          '/etc/claude-code/managed-settings.json',
          '/Library/Application Support/ClaudeCode/managed-settings.json',
        ],
      },
      sessionFlag: '--settings',
      connectCommand: 'akk.connectClaude',
      disconnectCommand: 'akk.disconnectClaude',
    },
  },
  codex: {
    name: 'codex',
    displayName: 'Codex',
    identification: {
      npmPackage: '@openai/codex',
      packagePattern: /^@openai\/codex$/,
      executables: ['codex', 'codex.exe', 'codex.js'],
      layoutFile: { name: 'codex-package.json', variant: 'codex' },
      platformDirPrefix: 'codex-',
    },
    settingsPrefix: 'akk.codex.',
    launchCommand: 'codex',
    newSessionCommand: 'akk.newCodexSession',
    updatesOff: 'set check_for_update_on_startup = false in ~/.codex/config.toml (it then offers no update)',
    rendering: { adaptsToBackground: true },
  },
  gemini: {
    name: 'gemini',
    displayName: 'Gemini CLI',
    identification: {
      npmPackage: '@google/gemini-cli',
      packagePattern: /^@google\/gemini-cli$/,
      // The package's bin is bundle/gemini.js, run by node.
      executables: ['gemini', 'gemini.js'],
    },
    settingsPrefix: 'akk.gemini.',
    launchCommand: 'gemini',
    newSessionCommand: 'akk.newGeminiSession',
    updatesOff: 'set general.enableAutoUpdate to false in ~/.gemini/settings.json',
    rendering: {
      themeSetting: {
        file: '.gemini/settings.json',
        dirEnv: 'GEMINI_CLI_HOME',
        key: 'ui.theme',
        default: 'Default',
        // Read from Gemini CLI 0.61.0: without ui.theme it draws Default Light on a light background.
        // Its theme list is these nineteen; "NoColor" is no setting (NO_COLOR in the environment draws it,
        // and ui.theme "NoColor" opens the theme picker at start-up, saying the theme was not found).
        asksBackground: true,
        offered: [
          'Default',
          'Default Light',
          'ANSI',
          'ANSI Light',
          'Atom One',
          'Ayu',
          'Ayu Light',
          'Dracula',
          'GitHub',
          'GitHub Light',
          'GitHub Dark Colorblind',
          'GitHub Light Colorblind',
          'Google Code',
          'Holiday',
          'Shades Of Purple',
          'Solarized Dark',
          'Solarized Light',
          'Tokyo Night',
          'Xcode',
        ],
      },
    },
  },
};

/**
 * A theme's name in a rendering condition (`Default Light` is `default-light`): lower case, words
 * joined by hyphens, as qualification records and fixture folders spell conditions.
 */
export function themeConditionName(setting: string): string {
  return setting.trim().toLowerCase().replace(/\s+/g, '-');
}

export function isAgentName(value: unknown): value is AgentName {
  return (AGENTS as readonly unknown[]).includes(value);
}

/** The agent's name for the user; `unknown` for a terminal without a supported agent. */
export function agentLabel(agent: string, unknown = 'Unknown agent'): string {
  return isAgentName(agent) ? AGENT_DESCRIPTORS[agent].displayName : unknown;
}

/** Every agent's display name, as a list for a sentence: "A, B or C". */
export function agentLabelList(): string {
  const names = AGENTS.map((a) => AGENT_DESCRIPTORS[a].displayName);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`;
}

/**
 * How to stay on a qualified version: install that version of the agent's package, and keep the
 * client from updating itself (its own setting or environment variable).
 */
export function pinningAdvice(agent: AgentName, qualified: string): string {
  const d = AGENT_DESCRIPTORS[agent];
  return (
    `To stay on a qualified version: npm install -g ${d.identification.npmPackage}@${qualified}, ` +
    `and ${d.updatesOff}.`
  );
}
