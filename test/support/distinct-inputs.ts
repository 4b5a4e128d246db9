/**
 * One check per distinct input. The recognizer's answer for a stored screen depends on the agent,
 * the profile generation its version is recognised with, what that version was qualified with
 * (gated shapes, renderings) and the screen's bytes; two releases of one generation and the same
 * grants that draw the same screen but for their own version number in it put the same question
 * to the same code. A per-screen family checks each such input once, with the first screen that
 * has it, and names every release and condition that shares it in the test and in a failure.
 */
import { createHash } from 'node:crypto';
import { adapterOf } from '../../src/adapters/registry';
import type { AgentKind } from '../../src/adapters/recognize';
import type { ScreenSnapshot } from '../../src/adapters/types';

const VERSION_TOKEN = '<version>';

/** The input the recognizer answers for `screen` as drawn by `version`, as a digest. */
export function recognitionInput(agent: AgentKind, version: string, screen: ScreenSnapshot): string {
  const adapter = adapterOf(agent);
  const generation = adapter?.generationOf(version) ?? null;
  // A version no table lists is recognised as itself (read only): its number is part of the input.
  const own = generation === null ? version : VERSION_TOKEN;
  const grants = adapter?.grantsOf(version) ?? null;
  const text = (rows: readonly string[]): string => rows.map((r) => r.split(version).join(own)).join('\n');
  return createHash('sha256')
    .update(JSON.stringify([agent, generation, own, grants, screen.cols, screen.rows]))
    .update('\u0000')
    .update(text(screen.plain))
    .update('\u0000')
    .update(screen.styled ? text(screen.styled) : '(no styled capture)')
    .digest('hex');
}

/** Items that put one input to the code under test: checked once, with the first. */
export interface SharedInput<T> {
  first: T;
  all: readonly T[];
}

/** The items grouped by their input (and anything else the check depends on), in first-seen order. */
export function byInput<T>(items: readonly T[], keyOf: (item: T) => string): Array<SharedInput<T>> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].map((all) => ({ first: all[0] as T, all }));
}

/** What a test's title adds for the others that share its input: ` (and 3 more with its input)`. */
export function alsoTitle<T>(group: SharedInput<T>): string {
  const more = group.all.length - 1;
  return more === 0 ? '' : ` (and ${more} more with its input)`;
}

/** Runs a check for a group; a failure names every item that shares the input. */
export function forEveryOne<T>(group: SharedInput<T>, name: (item: T) => string, check: () => void): void {
  try {
    check();
  } catch (e) {
    if (group.all.length === 1 || !(e instanceof Error)) throw e;
    e.message += `\n  the same input, so the same failure, for: ${group.all.map(name).join(', ')}`;
    throw e;
  }
}
