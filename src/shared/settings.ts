/**
 * The extension's settings, named once: each setting's full key and the default that package.json
 * declares for it (a unit test holds the two equal, both ways), and the agent launch settings
 * (akk.tmux.*, and each agent's under its settings prefix) checked at the trust boundary: settings
 * files are edited by hand, and their values become a command line and an environment.
 */
import { z } from 'zod';
import { AGENT_DESCRIPTORS, type AgentName } from './agents';

export interface Setting<T> {
  readonly key: string;
  readonly fallback: T;
}
const setting = <T>(key: string, fallback: T): Setting<T> => ({ key, fallback });

export const SETTING = {
  /** `on` is the setting's earlier value, read as `unfocused`. */
  notifications: setting<'unfocused' | 'always' | 'off' | 'on'>('akk.notifications', 'unfocused'),
  sound: setting('akk.sound', true),
  notifyFinished: setting('akk.notifyFinished', true),
  panelBesideDetected: setting('akk.questionPanel.besideDetectedSessions', true),
  offerLifetimeSeconds: setting('akk.offerLifetimeSeconds', 120),
  tmuxPath: setting('akk.tmux.path', 'tmux'),
  tmuxSocket: setting('akk.tmux.socket', 'agent-knock-knock'),
  launchIn: setting<'auto' | 'tmux' | 'terminal'>('akk.launch.in', 'auto'),
  startSessionOnOpen: setting<'none' | AgentName>('akk.startSessionOnOpen', 'none'),
  allowLowRiskText: setting('akk.textResolution.allowLowRisk', false),
  qualifyAutomatic: setting('akk.qualify.automatic', false),
} as const;

/** Each agent's launch settings, under its settings prefix (`akk.claude.command`, …). */
export function agentSettings(agent: AgentName): {
  command: Setting<string>;
  args: Setting<string[]>;
  env: Setting<Record<string, string>>;
  /** Only for an agent that can connect to an editor (its descriptor's `editorConnectionOff`). */
  connectToEditor?: Setting<boolean>;
} {
  const { settingsPrefix, launchCommand, editorConnectionOff } = AGENT_DESCRIPTORS[agent];
  return {
    command: setting(`${settingsPrefix}command`, launchCommand),
    args: setting(`${settingsPrefix}args`, []),
    env: setting(`${settingsPrefix}env`, {}),
    ...(editorConnectionOff ? { connectToEditor: setting(`${settingsPrefix}connectToEditor`, true) } : {}),
  };
}

/**
 * The environment of a session AKK starts: the person's own (`<prefix>env`), with the client's
 * editor connection turned off when they chose that; their own value of the same variable wins.
 */
export function launchEnvironment(
  agent: AgentName,
  env: Readonly<Record<string, string>>,
  connectToEditor: boolean,
): Record<string, string> {
  const off = AGENT_DESCRIPTORS[agent].editorConnectionOff;
  return { ...(connectToEditor || !off ? {} : off), ...env };
}

export const AgentLaunchSettings = z.object({
  tmuxPath: z.string().min(1, 'akk.tmux.path is empty'),
  socket: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'akk.tmux.socket must be a plain socket name (letters, digits, _ . -)'),
  command: z.string().min(1, 'the agent command is empty'),
  args: z.array(z.string().max(10_000)).max(100),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'), z.string().max(100_000)),
});
export type AgentLaunchSettings = z.infer<typeof AgentLaunchSettings>;

/** The settings, or one sentence naming the setting that is wrong. */
export function checkLaunchSettings(
  raw: unknown,
  agent: AgentName,
): { ok: true; value: AgentLaunchSettings } | { ok: false; message: string } {
  const parsed = AgentLaunchSettings.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  const setting =
    key === 'tmuxPath'
      ? SETTING.tmuxPath.key
      : key === 'socket'
        ? SETTING.tmuxSocket.key
        : typeof key === 'string'
          ? `${AGENT_DESCRIPTORS[agent].settingsPrefix}${key}`
          : 'the agent settings';
  return { ok: false, message: `${setting} is not valid: ${issue?.message ?? 'wrong type'}` };
}
