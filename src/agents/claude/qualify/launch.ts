// Launching Claude Code against the fake model: its config files (start-up screens skipped, the
// work folder trusted, the fake key approved) and its environment.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENT_DESCRIPTORS } from '../../../shared/agents';
import { STANDARD_RENDERING } from '../../../shared/rendering';
import type { LaunchRun } from '../../../qualify/agents/types';

/** Every theme Claude Code offers in its /theme picker (its `theme` setting). */
const choice = AGENT_DESCRIPTORS.claude.rendering;
export const CLAUDE_THEMES: readonly string[] = 'themeSetting' in choice ? choice.themeSetting.offered : [];

const FAKE_API_KEY = 'sk-ant-akk-fake-0000000000000000000000';

/**
 * Writes Claude Code's config into `home` so that its start-up screens are skipped for `workDir`,
 * except those named in `keep` (`trust`, `api-key`; `mcp-servers` and `bypass` are kept by the launch),
 * with the theme a person chose (the client's own `theme` setting).
 */
export function claudeFiles(
  home: string,
  workDir: string,
  version: string,
  keep: readonly string[] = [],
  theme: string = STANDARD_RENDERING.theme,
): void {
  const approved = FAKE_API_KEY.slice(-20);
  const cfg = {
    hasCompletedOnboarding: true,
    lastOnboardingVersion: version,
    theme,
    numStartups: 1,
    customApiKeyResponses: { approved: keep.includes('api-key') ? [] : [approved], rejected: [] },
    projects: {
      [workDir]: {
        hasTrustDialogAccepted: !keep.includes('trust'),
        hasCompletedProjectOnboarding: true,
        allowedTools: [],
      },
    },
  };
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify(cfg, null, 2));
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  fs.writeFileSync(
    path.join(home, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { defaultMode: 'default', disableAutoMode: 'disable' } }, null, 2),
  );
}

/** The environment that points Claude Code at the fake model, without telemetry or updates. */
export function claudeEnv(modelUrl: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: FAKE_API_KEY,
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
}

/**
 * MCP servers go in a config file named on the command line: servers in the project's `.mcp.json`
 * first ask to be approved (a start-up screen of its own), so they go there only when the
 * `mcp-servers` screen is kept. Then the work folder is made a git repository: the client reads a
 * project's local settings (where the answer to that screen is kept) at the git root, and a `.git`
 * in a folder above the work folder (an empty one in `/tmp` is enough) would make that folder the
 * project and carry one run's answer into every later run.
 */
function mcpArgs(run: LaunchRun): string[] {
  if (run.mcpServers.length === 0) return [];
  const mcpServers = Object.fromEntries(
    run.mcpServers.map((s) => [s.name, { type: 'stdio', command: 'node', args: [s.script] }]),
  );
  if (run.startup.includes('mcp-servers')) {
    fs.writeFileSync(path.join(run.workDir, '.mcp.json'), JSON.stringify({ mcpServers }, null, 2));
    execFileSync('git', ['init', '-q', run.workDir], { stdio: 'ignore' });
    return [];
  }
  const file = path.join(run.home, 'mcp-servers.json');
  fs.writeFileSync(file, JSON.stringify({ mcpServers }, null, 2));
  return ['--mcp-config', file];
}

/**
 * Bypass-permissions mode (`bypass` kept): the client asks to confirm it on first use, but refuses
 * it outright for root, as captures run, unless `IS_SANDBOX=1` says it runs in a sandbox (the
 * client's own exception to that check).
 */
function bypass(run: LaunchRun): { env: Record<string, string>; args: string[] } {
  if (!run.startup.includes('bypass')) return { env: {}, args: [] };
  return { env: { IS_SANDBOX: '1' }, args: ['--dangerously-skip-permissions'] };
}

export function prepareClaude(run: LaunchRun): Promise<{ env: Record<string, string>; args: string[] }> {
  claudeFiles(run.home, run.workDir, run.version, run.startup, run.rendering.theme);
  const b = bypass(run);
  return Promise.resolve({ env: { ...claudeEnv(run.modelUrl), ...b.env }, args: [...mcpArgs(run), ...b.args] });
}
