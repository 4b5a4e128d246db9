// Storing what a session shows as the cursor moves, one key at a time: the screen before the first
// key (`00-home`) and after each (`01-down`, …), plain and styled, for the adapters' unit tests.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Session } from '../../src/qualify/session';

/** The stored names of the screens: `00-home`, then one per key. */
export function moveScreenNames(keys: readonly string[]): string[] {
  return ['00-home', ...keys.map((k, i) => `${String(i + 1).padStart(2, '0')}-${k.toLowerCase()}`)];
}

/** Stores the screen now, then presses each key (proving it took effect) and stores the screen after it. */
export async function storeMoves(s: Session, dir: string, keys: readonly string[]): Promise<void> {
  const names = moveScreenNames(keys);
  const save = async (name: string): Promise<void> => {
    await s.screen(() => true, { what: name });
    writeFileSync(join(dir, `${name}.txt`), await s.term.capture());
    writeFileSync(join(dir, `${name}.ansi.txt`), await s.term.capture({ styled: true }));
  };
  await save(names[0] as string);
  for (const [i, key] of keys.entries()) {
    await s.press(key);
    await save(names[i + 1] as string);
  }
}
