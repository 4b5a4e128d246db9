// A client on a busy machine can leave a frame half drawn for as long as a capture waits for quiet,
// so a screen can differ from the nearest release's once without the release drawing it otherwise.
// Each scenario with a screen that differs is captured once more, from its start, in place of its
// first capture, and the run is judged by that: a release that draws the screen otherwise draws it
// so again, and nothing is granted that was not captured. Never more than once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { captureTarget, isCaptureFile, targetDir, type Target, type TargetIndex } from '../capture';

/** At most this many scenarios are captured again: more differing than that is no half-drawn frame. */
export const RECAPTURE_MAX = 3;

/** Captures `scenarios` of `t` again into `root`, their first screens and index entries removed. */
export async function recapture(t: Target, root: string, scenarios: readonly string[]): Promise<void> {
  const dir = targetDir(root, t);
  const file = path.join(dir, 'index.json');
  const index = JSON.parse(fs.readFileSync(file, 'utf8')) as TargetIndex;
  const again = new Set(scenarios);
  const gone = new Set(index.files.filter((f) => again.has(f.scenario)).map((f) => f.file));
  for (const name of fs.readdirSync(dir))
    if (isCaptureFile(name) && name !== 'index.json' && gone.has(name.slice(0, name.indexOf('.'))))
      fs.rmSync(path.join(dir, name));
  const kept: TargetIndex = {
    ...index,
    files: index.files.filter((f) => !again.has(f.scenario)),
    skipped: index.skipped.filter((s) => !again.has(s.scenario)),
    unreached: index.unreached.filter((u) => !again.has(u.scenario)),
  };
  fs.writeFileSync(file, JSON.stringify(kept, null, 2) + '\n');
  await captureTarget(t, root, [...again], true);
}
