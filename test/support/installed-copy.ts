/**
 * The extension as a person installs it: exactly the files the .vsix carries (`vsce ls`, from the
 * built dist/), copied into a folder outside the repository, so that what runs from there can reach
 * neither the repository's corpus, its sources nor its node_modules.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './rpc-client';

/** The files the .vsix carries, relative to the package root. */
export function packagedFiles(): string[] {
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const out = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && fs.existsSync(path.join(REPO_ROOT, l)));
}

/** A copy of the packaged files in a new temporary folder; returns the folder. */
export function installedCopy(files = packagedFiles()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-installed-'));
  for (const f of files) {
    fs.mkdirSync(path.join(dir, path.dirname(f)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, f), path.join(dir, f));
  }
  return dir;
}
