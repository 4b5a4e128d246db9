/**
 * Where tmux is on a person's machine. An editor started from a desktop (the macOS Dock, a
 * launcher) often runs with a short PATH that leaves out where package managers put tmux
 * (Homebrew's /opt/homebrew/bin and /usr/local/bin, MacPorts' /opt/local/bin): a bare `tmux` is
 * looked for on PATH and then in those places. A path the person set (`akk.tmux.path`) is used as
 * it is.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Where tmux is installed when it is not on the editor's PATH, in the order they are tried. */
export const USUAL_TMUX_DIRS = ['/opt/homebrew/bin', '/usr/local/bin', '/usr/bin', '/opt/local/bin', '/bin'];

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The tmux to run for the setting `configured`: found on PATH or in the usual places, else as given. */
export function findTmux(
  configured: string,
  env: NodeJS.ProcessEnv = process.env,
  usual: readonly string[] = USUAL_TMUX_DIRS,
): string {
  if (configured.includes('/')) return configured;
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter((d) => d !== ''), ...usual];
  for (const dir of dirs) {
    const file = path.join(dir, configured);
    if (executable(file)) return file;
  }
  return configured;
}
