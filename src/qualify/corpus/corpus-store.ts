/**
 * The screen corpus stored by content. A release's folder `<root>/<agent>/<version>/` holds its
 * qualification record and its manifest, `screens.json`: for each target (`120x40`,
 * `120x40-light-truecolor`) each capture file (`NN-state.txt`, `.ansi.txt`, `.json`, `index.json`)
 * as the blob that holds it and what is the release's own (its version, when it was captured). A
 * blob, `<root>/blobs/<2 hex>/<62 hex>`, is named by the SHA-256 of its content: the file with the
 * release's version and capture time put back as placeholders. A screen two releases draw alike,
 * banner aside, is stored once.
 *
 * Readers see the files one by one, as they were captured: `readCorpusFile`, `listCorpus`,
 * `corpusHas`. A release folder without a manifest (a scratch capture, a folder written by hand)
 * is read from disk as it is.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { basename, dirname, join } from 'node:path';

export const MANIFEST = 'screens.json';
const BLOBS = 'blobs';
const VERSION_MARK = '{{akk.version}}';
const CAPTURED_MARK = '{{akk.captured}}';
/** The top-level `captured` field of a capture's JSON (two-space indent, as capture writes it). */
const CAPTURED_LINE = /^( {2}"captured": )"([^"\n]*)"/m;

/** A file of a target: its blob, and the release's own values where they are not the manifest's. */
type Entry = string | { blob: string; captured?: string; version?: string };

interface Manifest {
  agent: string;
  version: string;
  targets: Record<string, Record<string, Entry>>;
}

export class CorpusError extends Error {
  override name = 'CorpusError';
}

const manifests = new Map<string, Manifest | null>();

function manifestOf(versionDir: string): Manifest | undefined {
  let m = manifests.get(versionDir);
  if (m === undefined) {
    const file = join(versionDir, MANIFEST);
    m = fs.existsSync(file) ? parseManifest(file) : null;
    manifests.set(versionDir, m);
  }
  return m ?? undefined;
}

/** A manifest read from disk; one that is not a manifest is refused, naming the file. */
function parseManifest(file: string): Manifest {
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch (e) {
    throw new CorpusError(`${file} is not a manifest: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof m.agent !== 'string' || typeof m.version !== 'string' || typeof m.targets !== 'object' || !m.targets)
    throw new CorpusError(`${file} is not a manifest: it needs an agent, a version and its targets`);
  return m as Manifest;
}

const blobsOf = (versionDir: string): string => join(versionDir, '..', '..', BLOBS);
const blobPath = (versionDir: string, blob: string): string =>
  join(blobsOf(versionDir), blob.slice(0, 2), blob.slice(2));

/** Where `p` is in a stored release: its release folder, target and file (absent for the target itself). */
function locate(p: string): { versionDir: string; target: string; file?: string; m: Manifest } | undefined {
  const asTarget = manifestOf(dirname(p));
  if (asTarget?.targets[basename(p)]) return { versionDir: dirname(p), target: basename(p), m: asTarget };
  const versionDir = dirname(dirname(p));
  const m = manifestOf(versionDir);
  const target = basename(dirname(p));
  if (m?.targets[target]?.[basename(p)] !== undefined) return { versionDir, target, file: basename(p), m };
  return undefined;
}

const entryOf = (entry: Entry): { blob: string; captured?: string; version?: string } =>
  typeof entry === 'string' ? { blob: entry } : entry;

/** A blob's text with the release's own values put back. */
function fill(blobText: string, entry: Entry, version: string): string {
  const e = entryOf(entry);
  const captured = e.captured;
  const withCaptured = captured === undefined ? blobText : blobText.replace(CAPTURED_MARK, () => `"${captured}"`);
  return withCaptured.split(VERSION_MARK).join(e.version ?? version);
}

function restore(m: Manifest, versionDir: string, entry: Entry): string {
  return fill(fs.readFileSync(blobPath(versionDir, entryOf(entry).blob), 'utf8'), entry, m.version);
}

/** A file of the corpus, stored or on disk, as text. */
export function readCorpusFile(p: string): string {
  const at = locate(p);
  if (at?.file === undefined) return fs.readFileSync(p, 'utf8');
  return restore(at.m, at.versionDir, at.m.targets[at.target]?.[at.file] as Entry);
}

/** Whether the corpus has `p` (a stored target or file, or anything on disk). */
export function corpusHas(p: string): boolean {
  return locate(p) !== undefined || fs.existsSync(p);
}

/** Whether `p` is a folder: a stored target, or a folder on disk. */
export function isCorpusDir(p: string): boolean {
  const at = locate(p);
  if (at) return at.file === undefined;
  return fs.existsSync(p) && fs.statSync(p).isDirectory();
}

/** The names in a folder of the corpus: a stored target's files, a release's targets beside its record. */
export function listCorpus(dir: string): string[] {
  const at = locate(dir);
  if (at) return Object.keys(at.m.targets[at.target] ?? {}).sort();
  const onDisk = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const m = manifestOf(dir);
  // The manifest and the blobs are how the corpus is kept, not part of it.
  const names = onDisk.filter((n) => (n !== MANIFEST || !m) && n !== BLOBS);
  return [...new Set([...names, ...Object.keys(m?.targets ?? {})])].sort();
}

/** The placeholders put back into `text`; refused when the text already holds one. */
function template(text: string, version: string, name: string): { blob: string; captured?: string } {
  if (text.includes(VERSION_MARK) || text.includes(CAPTURED_MARK))
    throw new CorpusError(`${name} holds a placeholder of the corpus store; it cannot be stored`);
  let blob = text.split(version).join(VERSION_MARK);
  const captured = name.endsWith('.json') ? CAPTURED_LINE.exec(blob)?.[2] : undefined;
  if (captured !== undefined) blob = blob.replace(CAPTURED_LINE, `$1${CAPTURED_MARK}`);
  return captured === undefined ? { blob } : { blob, captured };
}

const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Replaces a release's target with `files` (name to text), writing only the blobs not yet stored. */
export function writeTarget(versionDir: string, target: string, files: ReadonlyMap<string, string>): number {
  const [agent, version] = [basename(dirname(versionDir)), basename(versionDir)];
  const m: Manifest = manifestOf(versionDir) ?? { agent, version, targets: {} };
  const entries: Record<string, Entry> = {};
  let added = 0;
  for (const [name, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const t = template(text, version, name);
    const blob = digestOf(t.blob);
    const entry: Entry = t.captured === undefined ? blob : { blob, captured: t.captured };
    if (fill(t.blob, entry, version) !== text)
      throw new CorpusError(`${name} does not come back byte for byte from its blob`);
    const file = blobPath(versionDir, blob);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dirname(file), { recursive: true });
      fs.writeFileSync(file, t.blob);
      added += 1;
    }
    entries[name] = entry;
  }
  m.targets = Object.fromEntries(
    Object.entries({ ...m.targets, [target]: entries }).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  saveManifest(versionDir, m);
  return added;
}

function saveManifest(versionDir: string, m: Manifest): void {
  fs.mkdirSync(versionDir, { recursive: true });
  const file = join(versionDir, MANIFEST);
  fs.writeFileSync(`${file}.tmp`, manifestText(m));
  fs.renameSync(`${file}.tmp`, file);
  manifests.set(versionDir, m);
}

/** The manifest as JSON, one line per file: a release's targets read and compare line by line. */
function manifestText(m: Manifest): string {
  const targets = Object.entries(m.targets).map(([target, files]) => {
    const lines = Object.entries(files).map(([name, e]) => `   ${JSON.stringify(name)}: ${JSON.stringify(e)}`);
    return `  ${JSON.stringify(target)}: {\n${lines.join(',\n')}\n  }`;
  });
  const head = `{\n "agent": ${JSON.stringify(m.agent)},\n "version": ${JSON.stringify(m.version)},\n`;
  return `${head} "targets": {\n${targets.join(',\n')}\n }\n}\n`;
}

/** Drops a release's target from its manifest (its blobs stay until `pruneBlobs`). */
export function removeTarget(versionDir: string, target: string): void {
  const m = manifestOf(versionDir);
  if (!m?.targets[target]) return;
  delete m.targets[target];
  saveManifest(versionDir, m);
}

/** Stores a target captured into a folder on disk (its capture files and index.json). */
export function storeTargetFrom(fromDir: string, versionDir: string, target: string): number {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(fromDir))
    if (fs.statSync(join(fromDir, name)).isFile()) files.set(name, fs.readFileSync(join(fromDir, name), 'utf8'));
  return writeTarget(versionDir, target, files);
}

/** Writes a stored target's files into a folder on disk, as they were captured. */
export function materialiseTarget(versionDir: string, target: string, toDir: string): void {
  fs.mkdirSync(toDir, { recursive: true });
  const dir = join(versionDir, target);
  for (const name of listCorpus(dir)) fs.writeFileSync(join(toDir, name), readCorpusFile(join(dir, name)));
}

/** Every stored release's manifest under a corpus root, by `agent/version`. */
function releasesUnder(root: string): Map<string, { versionDir: string; m: Manifest }> {
  const out = new Map<string, { versionDir: string; m: Manifest }>();
  for (const agent of fs.readdirSync(root)) {
    const agentDir = join(root, agent);
    if (agent === BLOBS || !fs.statSync(agentDir).isDirectory()) continue;
    for (const version of fs.readdirSync(agentDir)) {
      const m = manifestOf(join(agentDir, version));
      if (m) out.set(`${agent}/${version}`, { versionDir: join(agentDir, version), m });
    }
  }
  return out;
}

/**
 * Checks every blob a manifest names against its digest: a missing blob, or one whose content no
 * longer has its name's digest, is reported with every release and file that claims it.
 */
export function verifyCorpus(root: string): string[] {
  const claimants = new Map<string, string[]>();
  const at = new Map<string, string>();
  for (const [release, { versionDir, m }] of releasesUnder(root))
    for (const [target, files] of Object.entries(m.targets))
      for (const [name, entry] of Object.entries(files)) {
        const { blob } = entryOf(entry);
        claimants.set(blob, [...(claimants.get(blob) ?? []), `${release}/${target}/${name}`]);
        at.set(blob, blobPath(versionDir, blob));
      }
  const problems: string[] = [];
  for (const [blob, who] of claimants) {
    const file = at.get(blob) as string;
    const why = !fs.existsSync(file)
      ? 'is missing'
      : digestOf(fs.readFileSync(file, 'utf8')) !== blob
        ? 'does not have the digest it is named by'
        : undefined;
    if (why) problems.push(`blob ${blob} ${why}; claimed by ${who.join(', ')}`);
  }
  return problems;
}

/** Blobs no manifest names: listed, and deleted when `remove` is set. */
export function pruneBlobs(root: string, remove: boolean): string[] {
  const named = new Set<string>();
  for (const { m } of releasesUnder(root).values())
    for (const files of Object.values(m.targets)) for (const e of Object.values(files)) named.add(entryOf(e).blob);
  const stray: string[] = [];
  const blobs = join(root, BLOBS);
  for (const head of fs.existsSync(blobs) ? fs.readdirSync(blobs) : [])
    for (const tail of fs.readdirSync(join(blobs, head)))
      if (!named.has(head + tail)) {
        stray.push(head + tail);
        if (remove) fs.rmSync(join(blobs, head, tail));
      }
  return stray;
}

/** A release's target in a corpus root. */
interface StoredTarget {
  agent: string;
  version: string;
  target: string;
}

/** Whether `root` keeps its screens by content (it has a blob store). */
export function isCorpusRoot(root: string): boolean {
  return fs.existsSync(join(root, BLOBS));
}

/** Every target of every stored release under a corpus root. */
export function storedTargets(root: string): StoredTarget[] {
  return [...releasesUnder(root).values()].flatMap(({ m }) =>
    Object.keys(m.targets).map((target) => ({ agent: m.agent, version: m.version, target })),
  );
}

/**
 * Lays `targets` out as folders in a scratch root (their stored files first, when `seed`), runs
 * `work` there (a capture, a normalisation), then stores each target back and drops the blobs no
 * release names any more. Returns how many blobs were added.
 */
export async function throughScratch(
  root: string,
  targets: readonly StoredTarget[],
  seed: boolean,
  work: (scratchRoot: string) => Promise<void> | void,
): Promise<number> {
  const scratch = fs.mkdtempSync(join(os.tmpdir(), 'akk-corpus-'));
  try {
    const dirOf = (r: string, t: StoredTarget): string => join(r, t.agent, t.version, t.target);
    for (const t of targets)
      if (seed && isCorpusDir(dirOf(root, t)))
        materialiseTarget(join(root, t.agent, t.version), t.target, dirOf(scratch, t));
    await work(scratch);
    let added = 0;
    for (const t of targets)
      if (fs.existsSync(dirOf(scratch, t)))
        added += storeTargetFrom(dirOf(scratch, t), join(root, t.agent, t.version), t.target);
    pruneBlobs(root, true);
    return added;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
