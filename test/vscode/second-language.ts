/**
 * The extension in a second language, as a translator would ship one: the package as `npm run
 * package` makes it, with a French `package.nls.fr.json` and `l10n/bundle.l10n.fr.json` added (a
 * few strings, in second-language/), installed with code-server's CLI beside a language pack that
 * makes French a display language, in a host started with `--locale fr`. The palette shows the
 * French title of a translated command and the English of one not translated; the command's message
 * and the status bar's words come from the French bundle, with their placeholders filled.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, installVsix, startCodeServer } from '../../scripts/vscode-host/host';
import { localisedManifest } from '../support/manifest';
import { until } from './agent-tmux';
import { check } from './flow-support';
import { packageVsix } from './packaged-walkthrough';
import { HostPhase, log, screenshot, secondsSince, type CheckResult } from './ui-support';
import { findNotification, palette } from './workbench';

const HERE = path.join(__dirname, 'second-language');
const LANGUAGE = 'fr';
const PACK_ID = 'akk-test.akk-test-language-pack-fr';

function readJson(file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The French strings, each of a key the extension has in English (a stale key would test nothing). */
function frenchBundles(): { manifest: Record<string, string>; runtime: Record<string, string> } {
  const manifest = readJson(path.join(HERE, `package.nls.${LANGUAGE}.json`));
  const runtime = readJson(path.join(HERE, `bundle.l10n.${LANGUAGE}.json`));
  const englishManifest = readJson(path.join(REPO_ROOT, 'package.nls.json'));
  const englishRuntime = readJson(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.json'));
  for (const key of Object.keys(manifest))
    if (!(key in englishManifest)) throw new Error(`package.nls.json has no "${key}" to translate`);
  for (const key of Object.keys(runtime))
    if (!(key in englishRuntime)) throw new Error(`l10n/bundle.l10n.json has no "${key}" to translate`);
  return { manifest, runtime };
}

/** The test language pack, packaged with vsce. */
function packageLanguagePack(root: string): string {
  const copy = path.join(root, 'language-pack');
  fs.cpSync(path.join(HERE, 'language-pack'), copy, { recursive: true });
  const vsix = path.join(root, 'language-pack-fr.vsix');
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const r = spawnSync(vsce, ['package', '--skip-license', '--allow-missing-repository', '--out', vsix], {
    cwd: copy,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vsce package (language pack) failed: ${r.stderr || r.stdout}`);
  return vsix;
}

/**
 * Registers the installed language pack in `<user-data>/languagepacks.json`, the file the server
 * reads a display language from: its language-pack service writes this entry when a pack is
 * installed in a running server, which code-server's install CLI does not do.
 */
function registerLanguagePack(userDataDir: string, extensionsDir: string): void {
  const folder = fs.readdirSync(extensionsDir).find((d) => d.startsWith(`${PACK_ID}-`));
  if (!folder) throw new Error(`the language pack is not in ${extensionsDir}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionsDir, folder, 'package.json'), 'utf8')) as {
    version: string;
    contributes: { localizations: Array<{ localizedLanguageName: string; translations: Array<{ path: string }> }> };
  };
  const localization = manifest.contributes.localizations[0];
  const translations = localization?.translations[0];
  if (!localization || !translations) throw new Error('the language pack contributes no translation');
  const entry = {
    hash: createHash('md5').update(PACK_ID).update(manifest.version).digest('hex'),
    extensions: [{ extensionIdentifier: { id: PACK_ID }, version: manifest.version }],
    translations: { vscode: path.join(extensionsDir, folder, translations.path) },
    label: localization.localizedLanguageName,
  };
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({ [LANGUAGE]: entry }));
}

/** The status-bar item's accessible words, once they hold `words`. */
async function statusSays(p: Page, words: string): Promise<string> {
  const status = p.locator('.statusbar-item', { hasText: /AKK/ }).first();
  return until(
    `the status bar to say "${words}"`,
    async () => {
      const label = (await status.getAttribute('aria-label')) ?? '';
      return label.includes(words) ? label : undefined;
    },
    60_000,
  );
}

export async function runSecondLanguage(browser: Browser, scratch: string): Promise<CheckResult[]> {
  const t = Date.now();
  const root = path.join(scratch, 'second-language');
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  const french = frenchBundles();
  const english = localisedManifest() as { contributes: { commands: Array<{ command: string; title: string }> } };
  const title = (command: string): string => {
    const found = english.contributes.commands.find((c) => c.command === command);
    if (!found) throw new Error(`package.json has no command ${command}`);
    return found.title;
  };
  const category = readJson(path.join(REPO_ROOT, 'package.nls.json')).category ?? 'Agent Knock Knock';
  const vsix = packageVsix(root, [
    [path.join(HERE, `package.nls.${LANGUAGE}.json`), `package.nls.${LANGUAGE}.json`],
    [path.join(HERE, `bundle.l10n.${LANGUAGE}.json`), path.join('l10n', `bundle.l10n.${LANGUAGE}.json`)],
  ]);
  const extensionsDir = path.join(root, 'extensions');
  const hostDir = path.join(root, 'host');
  await installVsix(packageLanguagePack(root), extensionsDir, { scratchDir: path.join(root, 'vsix-scratch') });
  await installVsix(vsix, extensionsDir, { scratchDir: path.join(root, 'vsix-scratch') });
  registerLanguagePack(path.join(hostDir, 'user-data'), extensionsDir);
  log(`second language: the package and a ${LANGUAGE} language pack installed (${secondsSince(t)})`);
  const consoleLog: string[] = [];
  const server = await startCodeServer({ folder: workspace, scratchDir: hostDir, extensionsDir, locale: LANGUAGE });
  const phase = new HostPhase(browser, consoleLog);
  const { checks, step } = phase;
  try {
    await phase.open(server.workbenchUrl());

    await step(
      `second language: in a host in ${LANGUAGE}, the status bar speaks from bundle.l10n.${LANGUAGE}.json`,
      'failure-second-language-status.png',
      async (p) => {
        const said = await statusSays(p, french.runtime['server running, no pending steps'] ?? '');
        log(`    status bar: ${said}`);
      },
    );

    await step(
      `second language: the palette titles a translated command from package.nls.${LANGUAGE}.json, ` +
        'an untranslated one in English; the command speaks French, its placeholders filled',
      'failure-second-language-palette.png',
      async (p) => {
        const translated = french.manifest['command.showServerStatus'] ?? '';
        check(translated !== title('akk.showServerStatus'), 'the French title is the English one');
        await palette(p, `${category}: ${translated}`, '86-second-language-palette.png');
        const running = french.runtime['Agent Knock Knock server {0} is running; {1}.'] ?? '';
        const attached = (french.runtime['{0} agent sessions attached'] ?? '').replace('{0}', '0');
        const [before, after] = running.split('{0}');
        const expected = new RegExp(
          `^${escape(before ?? '')}\\d+\\.\\d+\\.\\d+${escape((after ?? '').replace('{1}', attached))}$`,
        );
        const note = await findNotification(p, expected);
        log(`    message: ${await note.locator('.notification-list-item-message').innerText()}`);
        await screenshot(p, '87-second-language-message.png');
        // A title not translated stays English: the palette still finds it by its English words.
        await palette(p, `${category}: ${title('akk.showOutput')}`);
        await until('the output panel to show', async () =>
          (await p.locator('.part.panel').isVisible()) ? true : undefined,
        );
      },
    );
  } catch (err) {
    phase.stopped('second language', err);
  } finally {
    await phase.end(server, { logs: 'second-language', label: 'second language' });
  }
  const results = checks.results;
  log(
    `second language: ${results.filter((r) => r.status === 'passed').length}/${results.length} passed ` +
      `(${secondsSince(t)})`,
  );
  return results;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
