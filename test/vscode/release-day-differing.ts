/**
 * Release day, the other way: a release that draws screens otherwise than the qualified release
 * below it. Codex 0.162.0, which opened the generation after 0.161.0's, its own record withheld, is
 * qualified on this machine as it appears (akk.qualify.automatic): the run finds screens that differ
 * from 0.161.0's, so the session stays answered in the terminal; the warning names them, and
 * **Show Report** opens the report (the release compared with, the differing screens). Its command
 * approval waits meanwhile, told, and is never answered: nothing reaches the fake model, the command
 * never runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { FakeModel, ModelTurn } from '../../src/qualify/fake-model';
import { agentBinary } from '../../src/qualify/install-agents';
import { DIFFERING_RELEASE } from '../../src/qualify/versions';
import { sleep, until } from './agent-tmux';
import { check } from './flow-support';
import { codexCommand, newTerminal, sessionRow, typeInTerminal, type PersonsAgents } from './terminal-support';
import { log, screenshot } from './ui-support';
import { clearNotifications, findNotification, notificationTexts, waitPendingCount } from './workbench';

const { version, below } = DIFFERING_RELEASE;
const COMMAND = 'touch ../release-day-differing.txt';

/** The fake model's turns for the differing release's session, after those of the sessions before it. */
export const DIFFERING_TURNS: ModelTurn[] = [
  { kind: 'codex-command', command: COMMAND, justification: 'Create another marker file?', escalated: true },
  { kind: 'text', text: 'Done.' },
];

/** What `AKK_WITHHOLD_QUALIFIED` names for it. */
export const DIFFERING_WITHHELD = `${DIFFERING_RELEASE.agent}@${version}`;

/** The text of the editor in front, as drawn (its first lines), its lines joined by spaces. */
async function frontEditorText(p: Page): Promise<string> {
  return (
    p
      .locator('.editor-group-container.active .monaco-editor .view-lines')
      .first()
      .innerText()
      // The editor draws spaces as no-break spaces, and wraps long lines at a space: read as one text.
      .then((t) => t.replace(/\u00a0/g, ' ').replace(/ *\n */g, ' '))
      .catch(() => '')
  );
}

export async function differingRelease(
  p: Page,
  ctx: { agents: PersonsAgents; model: FakeModel; root: string },
): Promise<void> {
  const name = `Codex ${version}`;
  const command = `codex-${version}`;
  codexCommand(ctx.agents, command, await agentBinary(DIFFERING_RELEASE.agent, version));
  await clearNotifications(p);
  const resultsBefore = ctx.model.toolResults().length;
  const tab = await newTerminal(p, 'bash');
  await typeInTerminal(p, tab, command);
  await sessionRow(p, name, /not qualified/);
  await findNotification(p, `Qualifying ${name} on this machine`);
  await typeInTerminal(p, tab, 'make the other file');
  await waitPendingCount(p, 1, 60_000);
  // Told, as any step of a version not qualified: to answer in the terminal, naming the version.
  const note = await findNotification(p, /Codex needs you in the terminal/);
  const told = await note.locator('.notification-list-item-message').innerText();
  log(`  release day: ${told}`);
  check(told.includes(version), `the notification does not name ${version}: ${told}`);
  // The run's verdict, once it has captured and compared (a toast, or in the notification centre).
  const staysInTerminal = `${name} stays answered in the terminal`;
  let polls = 0;
  await until(
    `${name}'s run to end`,
    async () => {
      polls += 1;
      const toasts = await p.locator('.notification-list-item-message').allInnerTexts();
      const shown = polls % 5 === 0 ? [...toasts, ...(await notificationTexts(p))] : toasts;
      if (shown.some((t) => t.includes(`${name} is qualified on this machine`)))
        throw new Error(`${name} was qualified though it draws screens otherwise than ${below}`);
      return shown.some((t) => t.includes(staysInTerminal)) || undefined;
    },
    300_000,
    1000,
  );
  const verdict = await findNotification(p, staysInTerminal);
  const said = await verdict.locator('.notification-list-item-message').innerText();
  log(`  release day: ${said}`);
  check(said.includes(`differ from ${below}`), `the verdict does not name the release compared with: ${said}`);
  await screenshot(p, '84-release-day-differs.png');
  await p.mouse.move(600, 300);
  await sleep(800);
  await verdict.locator('.monaco-button', { hasText: 'Show Report' }).click({ timeout: 10_000 });
  const report = await until(
    'the report to open in an editor',
    async () => {
      const text = await frontEditorText(p);
      return text.includes('not qualified on this machine') ? text : undefined;
    },
    20_000,
  );
  await screenshot(p, '85-release-day-report.png');
  check(report.includes(`codex ${version}: not qualified on this machine (differs)`), `the report: ${report}`);
  check(report.includes(`compared with: ${below}`), `the report does not name ${below}: ${report}`);
  const differ = /Screens that differ \((\d+)\)/.exec(report);
  check(Number(differ?.[1] ?? 0) > 0, `the report names no differing screen: ${report}`);
  // Still the terminal's: nothing was typed into it, nothing reached the model, the command never ran.
  await sessionRow(p, name, /not qualified/);
  await sleep(3000);
  check(ctx.model.toolResults().length === resultsBefore, 'the approval was answered though the release differs');
  check(!fs.existsSync(path.join(ctx.root, 'release-day-differing.txt')), 'the command ran');
}
