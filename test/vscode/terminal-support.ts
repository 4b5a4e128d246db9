/**
 * The person's own integrated terminals in the VS Code tier: the agents they type there (the cached
 * clients on PATH, pointed at the fake models by the terminal profile's environment), finding a
 * terminal by its tab, typing into it as a person does, and reading its row in the Agent Sessions view.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { claudeEnv, claudeFiles } from '../../src/agents/claude/qualify/launch';
import { codexEnv, codexFiles } from '../../src/agents/codex/qualify/launch';
import type { FakeModel } from '../../src/qualify/fake-model';
import { agentBinary } from '../../src/qualify/install-agents';
import { NEWEST } from '../../src/qualify/versions';
import { sleep, until } from './agent-tmux';
import { check } from './flow-support';
import { log, screenshot } from './ui-support';
import { option, palette, panelFrame, waitAnsweredHere } from './workbench';

/** Processes whose environment says HOME=`home`: the agent the person started in that terminal. */
export function processesWithHome(home: string): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const env = fs.readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      const comm = fs.readFileSync(`/proc/${name}/comm`, 'utf8').trim();
      if (env.includes(`HOME=${home}`) && /claude|codex|node/.test(comm)) out.push(Number(name));
    } catch {
      // gone, or not ours
    }
  }
  return out;
}

/** Ends the agents the person started with these homes (at the end of a flow). */
export function killAgentsWithHome(...homes: string[]): void {
  for (const pid of homes.flatMap(processesWithHome)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended
    }
  }
}

/** The command names from `pid` up to init. */
export function ancestry(pid: number): string[] {
  const names: string[] = [];
  for (let p = pid, i = 0; p > 1 && i < 64; i++) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      names.push(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      p = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return names;
}

/**
 * The person's own terminals, by the tab title they have at the time: a new one is named after its
 * shell (fish's own title adds the folder); then the agent's title replaces it (Claude Code's, with a
 * spinner before its name; Codex runs as node, or fish names the command). AKK's own tmux views say
 * "(AKK)" and never match.
 */
export const TAB = {
  shell: (shell: string): RegExp => new RegExp(`^\\s*${shell}(\\s.*)?$`),
  claude: /^(?!.*\(AKK\)).*Claude Code\s*$/,
  codex: /^(?!.*\(AKK\)).*\b(node|[Cc]odex)\b/,
};

export function terminalTab(p: Page, title: RegExp) {
  return p.locator('.tab').filter({ has: p.locator('.label-name', { hasText: title }) });
}

/**
 * Opens a new terminal in the editor area and waits for its tab and its shell's start; gives its tab,
 * held (tabs are titled by what runs in them, and a new one opens beside the active editor).
 */
export async function newTerminal(p: Page, shell: string): Promise<{ click(): Promise<unknown> }> {
  const before = await terminalTab(p, TAB.shell(shell)).count();
  await palette(p, 'Terminal: Create New Terminal in Editor Area');
  await until(
    `a new ${shell} terminal`,
    async () => ((await terminalTab(p, TAB.shell(shell)).count()) > before ? true : undefined),
    20_000,
  );
  // Held by the terminal's own id: its tab is drawn again (and a handle to it lost) as its title changes.
  const id = await p.locator('.editor-group-container.active .tab.active').first().getAttribute('data-resource-name');
  if (!id) throw new Error(`the new ${shell} terminal's tab is not the active one`);
  await sleep(2000); // the shell and its integration start
  return p.locator(`.editor-group-container .tab[data-resource-name="${id}"]`).first();
}

/** A terminal tab that can be clicked: one found by its title, or one held since it opened. */
type TabTarget = RegExp | { click(): Promise<unknown> };

/** Types into the person's terminal whose tab shows `title` (or the tab given), as a person does. */
export async function typeInTerminal(p: Page, tab: TabTarget, text: string): Promise<void> {
  await (tab instanceof RegExp ? terminalTab(p, tab).first() : tab).click();
  await sleep(300);
  await p.keyboard.type(text, { delay: 20 });
  await sleep(400);
  await p.keyboard.press('Enter');
  // Focus leaves the terminal, or the palette's Escape would reach the agent (and cancel its prompt).
  await p
    .locator('.tab', { hasText: 'Agent Question' })
    .first()
    .click({ timeout: 5_000 })
    .catch(async () => {
      await p.locator('.part.statusbar').click({ position: { x: 5, y: 5 } });
    });
}

/** Opens the Agent Sessions view from the activity bar unless `row` already shows. */
export async function showSessionsView(p: Page, row: ReturnType<Page['locator']>): Promise<void> {
  const shown = await row.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!shown)
    await p
      .locator('.part.activitybar .action-item')
      .filter({ has: p.locator('[aria-label^="Agent Knock Knock"]') })
      .first()
      .click();
}

/** The Agent Sessions row of a terminal session, once it shows `state`. */
export async function sessionRow(p: Page, label: string, state: RegExp): Promise<string> {
  const row = p.locator('.part.sidebar .monaco-list-row', { hasText: label }).last();
  await showSessionsView(p, row);
  return until(
    `the Agent Sessions view to list ${label} in a terminal (${state.source})`,
    async () => {
      const text = (await row.innerText().catch(() => '')).replace(/\s+/g, ' ');
      return /terminal/.test(text) && state.test(text) ? text : undefined;
    },
    45_000,
  );
}

export async function answerFromPanel(p: Page, heading: string, label: string): Promise<void> {
  const f = panelFrame(p);
  await f.locator('h2', { hasText: heading }).waitFor({ timeout: 30_000 });
  await option(f, label).click();
  await f.locator('#submit').click();
}

export async function paletteDecision(
  p: Page,
  verb: 'Approve' | 'Reject',
  command: string,
  shot: string,
): Promise<void> {
  // Counted in the status bar as answered in the terminal, a step is not yet one the palette offers.
  await waitAnsweredHere(p);
  await palette(p, `Agent Knock Knock: ${verb} Pending Permission`);
  const widget = p.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: `${verb}:` }).waitFor({ timeout: 15_000 });
  check((await widget.innerText()).includes(command), `the confirmation does not show "${command}"`);
  await screenshot(p, shot);
  // The keyboard goes to the confirmation when it has the focus; when something else took it
  // (which the log names), the person clicks the choice instead.
  const focused = await p.evaluate(() => {
    const a = document.activeElement;
    const inWidget = !!a?.closest('.quick-input-widget');
    return inWidget ? null : `${a?.tagName ?? 'none'}.${a?.className ?? ''}`.slice(0, 120);
  });
  if (focused === null) await p.keyboard.press('Enter');
  else {
    log(`  (the confirmation did not have the keyboard focus: ${focused}; its choice is clicked)`);
    // The first row is the decision itself ("Approve once", "Reject"), before "Reject, and tell…".
    await widget.locator('.monaco-list-row', { hasText: verb }).first().click();
  }
  await widget.waitFor({ state: 'hidden', timeout: 15_000 });
}

/** Where one shell's agents live: Claude Code's home, Codex's home and the folder on PATH with both. */
export interface PersonsAgents {
  home: string;
  codexHome: string;
  binDir: string;
}

/**
 * The person's `claude` and `codex`: the cached clients on PATH (Claude Code's home prepared, Codex
 * through a wrapper that points it at its fake model), under `scratch/<name>-*`.
 */
export async function personsAgents(
  scratch: string,
  name: string,
  workspace: string,
  codexModel: FakeModel,
): Promise<PersonsAgents> {
  const home = path.join(scratch, `${name}-claude-home`);
  const codexHome = path.join(scratch, `${name}-codex-home`);
  const binDir = path.join(scratch, `${name}-bin`);
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(binDir, { recursive: true });
  claudeFiles(home, workspace, NEWEST.claude);
  fs.symlinkSync(await agentBinary('claude', NEWEST.claude), path.join(binDir, 'claude'));
  codexCommand({ home, codexHome, binDir }, 'codex', await agentBinary('codex', NEWEST.codex));
  codexFiles(path.join(codexHome, '.codex'), workspace, codexModel.url);
  return { home, codexHome, binDir };
}

/** A command on the person's PATH that runs the Codex executable `bin` with their Codex home. */
export function codexCommand(agents: PersonsAgents, command: string, bin: string): void {
  const env = Object.entries(codexEnv(path.join(agents.codexHome, '.codex')))
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  fs.writeFileSync(
    path.join(agents.binDir, command),
    `#!/bin/sh\nexec env ${env} HOME='${agents.codexHome}' '${bin}' --no-daemon "$@"\n`,
    { mode: 0o755 },
  );
}

/** The shell's absolute path (a profile whose path VS Code cannot resolve falls back to the default shell). */
function shellPath(shell: string): string {
  const found = ['/usr/bin', '/bin', '/usr/local/bin'].map((d) => path.join(d, shell)).find((f) => fs.existsSync(f));
  if (!found) throw new Error(`${shell} is not installed (scripts/install-system-deps.sh installs it)`);
  return found;
}

/**
 * Makes `shell` the workspace's default terminal profile, its environment the person's agents
 * (Claude Code pointed at `model`), with VS Code's shell integration on or off.
 */
export function useShellProfile(
  settingsFile: string,
  shell: string,
  agents: PersonsAgents,
  model: FakeModel,
  integration = true,
): void {
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
  // A profile of its own per setup: VS Code keeps a profile's environment once it has resolved it.
  const profile = `agent-${shell}-${path.basename(agents.home)}`;
  settings['terminal.integrated.profiles.linux'] = {
    ...(settings['terminal.integrated.profiles.linux'] as object | undefined),
    [profile]: {
      path: shellPath(shell),
      env: {
        HOME: agents.home,
        PATH: `${agents.binDir}:${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
        TERM: 'xterm-256color',
        ...claudeEnv(model.url),
      },
    },
  };
  settings['terminal.integrated.defaultProfile.linux'] = profile;
  settings['terminal.integrated.shellIntegration.enabled'] = integration;
  fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2) + '\n');
}
