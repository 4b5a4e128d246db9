/**
 * `akk/connectAgent` and `akk/disconnectAgent`: AKK's hook entry in the agent's settings, run with
 * this server's own runtime from the hook program kept in the editor's global storage (so that an
 * update of the extension does not leave the agent a command that no longer exists).
 */
import * as path from 'node:path';
import { AGENT_DESCRIPTORS, agentLabel, type AgentHooks } from '../../shared/agents';
import type { AgentHooksResult, ConnectAgentParams, ConnectAgentResult } from '../../shared/connect-shapes';
import type { RequestParams } from '../../shared/protocol';
import { AkkError } from '../../shared/errors';
import { holdsEntry, hookEntry, trueSetting } from './hook-settings';
import { changeSettings, hookCommand, installedHookProgram, settingsFileOf, settingsText } from './settings-file';

/** Where the hook program comes from and what runs it. */
export interface HookPlace {
  /** The folder of the built server, where the shipped hook program is. */
  besideServer: string;
  /** The editor's global storage, where agents run it from; absent: from beside the server. */
  keepDir: string | undefined;
  /** This server's runtime (node, or an editor's Electron run as node). */
  runtime: { path: string; electron: boolean };
  /** The word folder this server hears agents in. */
  wordDir: string;
  env: NodeJS.ProcessEnv;
}

export function hookPlaceHere(besideServer: string, keepDir: string | undefined, wordDir: string): HookPlace {
  return {
    besideServer,
    keepDir,
    wordDir,
    runtime: { path: process.execPath, electron: process.versions.electron !== undefined },
    env: process.env,
  };
}

function hooksOf(params: ConnectAgentParams): AgentHooks {
  const hooks = AGENT_DESCRIPTORS[params.agent].hooks;
  if (!hooks) throw new AkkError('invalid_params', `${agentLabel(params.agent)} has no hooks AKK can connect`);
  return hooks;
}

const targetsOf = (params: ConnectAgentParams, hooks: AgentHooks) =>
  hooks.events.map((event) => ({ agent: params.agent, event }));

export function connectAgent(params: ConnectAgentParams, place: HookPlace): ConnectAgentResult {
  const hooks = hooksOf(params);
  const file = settingsFileOf(hooks, params, place.env);
  const program = params.apply
    ? installedHookProgram(place.besideServer, place.keepDir)
    : path.join(place.keepDir ?? place.besideServer, 'agent-hook.js');
  const command = (target: { agent: string; event: string }) =>
    hookCommand(program, place.runtime, place.wordDir, target);
  return changeSettings(file, targetsOf(params, hooks), command, params.apply);
}

export function disconnectAgent(params: ConnectAgentParams, place: HookPlace): ConnectAgentResult {
  const hooks = hooksOf(params);
  return changeSettings(settingsFileOf(hooks, params, place.env), targetsOf(params, hooks), 'disconnect', params.apply);
}

const NO_HOOKS: AgentHooksResult = {
  has_hooks: false,
  user: null,
  project: null,
  switched_off: null,
  session_settings: null,
};

/**
 * Whether the agent's settings connect it (for every project, and for the folder given), which
 * setting switches its hooks off, and the settings a session AKK starts is given when its own do
 * not connect it (the hook program put in place for it).
 */
export function agentHooks(params: RequestParams<'agentHooks'>, place: HookPlace): AgentHooksResult {
  const hooks = AGENT_DESCRIPTORS[params.agent].hooks;
  if (!hooks) return NO_HOOKS;
  const targets = hooks.events.map((event) => ({ agent: params.agent, event }));
  const state = (file: string) => ({ file, connected: targets.every((t) => holdsEntry(settingsText(file), t)) });
  const user = state(settingsFileOf(hooks, { agent: params.agent, scope: 'user', apply: false }, place.env));
  const project =
    params.folder === undefined
      ? null
      : state(settingsFileOf(hooks, { ...params, scope: 'project', apply: false }, place.env));
  const files = [...hooks.switchedOffBy.managedFiles, user.file, ...(project ? [project.file] : [])];
  let switchedOff: string | null = null;
  for (const file of files) {
    const key = trueSetting(settingsText(file), hooks.switchedOffBy.keys);
    if (key !== undefined) {
      switchedOff = `${key} is set in ${file}`;
      break;
    }
  }
  const connected = user.connected || project?.connected === true;
  let sessionSettings: string | null = null;
  if (!connected) {
    const program = installedHookProgram(place.besideServer, place.keepDir);
    const entries = targets.map((t): [string, unknown[]] => [
      t.event,
      [hookEntry(hookCommand(program, place.runtime, place.wordDir, t))],
    ]);
    sessionSettings = JSON.stringify({ hooks: Object.fromEntries(entries) });
  }
  return { has_hooks: true, user, project, switched_off: switchedOff, session_settings: sessionSettings };
}
