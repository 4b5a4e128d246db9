/**
 * The rooms of src/server and the wings of src/extension, lowest first: a file may import from its
 * own room and from rooms below it, never from one above (docs/architecture.md has the map).
 * `(top)` is the files directly in the folder: the entry point and the wiring, above every room.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

export const SERVER_ROOMS = [
  'base',
  'connect',
  'store',
  'sessions',
  'qualify',
  'step',
  'observe',
  'respond',
  'rpc',
  '(top)',
] as const;

export const EXTENSION_WINGS = [
  'core',
  'terminals',
  'answering',
  'panel',
  'notices',
  'qualification',
  '(top)',
] as const;

const HOUSES: ReadonlyArray<{ folder: string; rooms: readonly string[] }> = [
  { folder: 'src/server/', rooms: SERVER_ROOMS },
  { folder: 'src/extension/', rooms: EXTENSION_WINGS },
];

/** The house (src/server or src/extension) and room a file is in, or undefined for a file elsewhere. */
export function roomOf(root: string, file: string): { house: string; room: string } | undefined {
  const rel = relative(root, file).split(sep).join('/');
  const house = HOUSES.find((h) => rel.startsWith(h.folder));
  if (!house) return undefined;
  const parts = rel.slice(house.folder.length).split('/');
  return { house: house.folder, room: parts.length > 1 ? (parts[0] ?? '') : '(top)' };
}

/** Imports from a lower room to a higher one (or into a room the list does not know). */
export function upwardImports(root: string, graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const rank = (at: { house: string; room: string }): number =>
    HOUSES.find((h) => h.folder === at.house)?.rooms.indexOf(at.room) ?? -1;
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = roomOf(root, file);
    if (from === undefined) continue;
    if (rank(from) < 0)
      out.push(`${relative(root, file)} is in room ${from.room}, which scripts/structure/rooms.ts does not list`);
    for (const target of targets) {
      const to = roomOf(root, target);
      if (to === undefined || to.house !== from.house || to.room === from.room || rank(to) < 0 || rank(from) < 0)
        continue;
      if (rank(to) > rank(from))
        out.push(`${relative(root, file)} (${from.room}) imports ${relative(root, target)} (${to.room})`);
    }
  }
  return out.sort();
}

/** The one server file that may import values from src/adapters (types may be imported anywhere). */
export const ADAPTERS_DOOR = 'src/server/base/adapters.ts';

/** Value imports from src/adapters in src/server files other than the door. */
export function otherDoors(root: string, files: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const rel = relative(root, file).split(sep).join('/');
    if (!rel.startsWith('src/server/') || rel === ADAPTERS_DOOR) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
      if (m[2] === undefined && /(^|\/)(adapters|agents)\//.test(m[3] ?? ''))
        out.push(`${rel} imports values from ${m[3]}`);
    }
  }
  return out.sort();
}
