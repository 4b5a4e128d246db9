// Drives every scenario against a real client and writes the screens at each step:
//   fixtures/<agent>/<version>/<cols>x<rows>[-<theme>-<depth>]/NN-<state>.txt  plain (capture-pane -p)
//                                            NN-<state>.ansi.txt  styled (capture-pane -p -e)
//                                            NN-<state>.json      sidecar (metadata, keys, ground truth)
//                                            index.json           what was captured, skipped, unreachable
// Usage: npm run fixtures:capture -- --agent claude --version 2.1.267 --size 120x40
//        npm run fixtures:capture -- --all [--jobs 2]
//        options: --newest, --scenario NAME (repeatable), --out DIR (default: fixtures)
//        --append: keep the target's screens and capture only the scenarios it has no screen of yet,
//                  numbered after its last screen (new scenarios join a corpus without re-taking it)
//        --normalise-only: re-apply the normalisation rules to the files already under --out
//        --rendering THEME/DEPTH (repeatable, e.g. light/truecolor): capture under that condition,
//                  into a folder of its own beside the size's (the corpus's own is dark/256)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { captureAll, isCaptureFile, targetName, type Target, type TargetIndex } from '../../src/qualify/capture';
import { isCorpusRoot, storedTargets, throughScratch } from '../../src/qualify/corpus/corpus-store';
import { FIXTURES } from '../../src/qualify/harness-data';
import { normalise } from '../../src/qualify/normalise';
import { parseRendering } from '../../src/shared/rendering';
import { AGENTS, NEWEST, SIZES, VERSIONS, parseAgent, parseSize } from '../../src/qualify/versions';

/** `--name value` pairs (repeatable; a flag without a value is 'true'). */
export function parseArgs(argv: string[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    const v = next !== undefined && !next.startsWith('--') ? (i++, next) : 'true';
    m.set(a.slice(2), [...(m.get(a.slice(2)) ?? []), v]);
  }
  return m;
}

/** Re-applies the normalisation rules to an existing corpus (the rules are idempotent). */
function renormalise(root: string): number {
  let changed = 0;
  const visit = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (isCaptureFile(e.name)) {
        const before = fs.readFileSync(p, 'utf8');
        let after = normalise(before);
        if (e.name.endsWith('.json')) {
          // Normalise decoded strings (ground truth is JSON-escaped in the file).
          const walk = (v: unknown): unknown =>
            typeof v === 'string'
              ? normalise(v)
              : Array.isArray(v)
                ? v.map(walk)
                : v && typeof v === 'object'
                  ? Object.fromEntries(
                      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, k === 'captured' ? x : walk(x)]),
                    )
                  : v;
          after = JSON.stringify(walk(JSON.parse(before)), null, 2) + '\n';
        }
        if (after !== before) {
          fs.writeFileSync(p, after);
          changed += 1;
        }
      }
    }
  };
  if (fs.existsSync(root)) visit(root);
  return changed;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const one = (k: string): string | undefined => args.get(k)?.[0];
  const root = path.resolve(one('out') ?? FIXTURES);
  if (args.has('normalise-only')) {
    let n = 0;
    // A corpus kept by content is normalised as files, then stored again.
    if (isCorpusRoot(root)) await throughScratch(root, storedTargets(root), true, (r) => void (n = renormalise(r)));
    else n = renormalise(root);
    process.stdout.write(`renormalised ${n} files under ${root}\n`);
    return;
  }
  const agents = args.has('agent') ? [parseAgent(one('agent'))] : AGENTS;
  const sizes = args.has('size') ? (args.get('size') ?? []).map(parseSize) : SIZES;
  const targets: Target[] = [];
  for (const agent of agents) {
    let versions: readonly string[];
    if (args.has('version')) versions = args.get('version') ?? [];
    else if (args.has('newest')) versions = [NEWEST[agent]];
    else if (args.has('all')) versions = VERSIONS[agent];
    else
      throw new Error(
        `usage: capture --agent ${AGENTS.join('|')} --version X [--size 120x40] | --newest | --all ` +
          '[--jobs N] [--scenario NAME] [--out DIR]',
      );
    const renderings = (args.get('rendering') ?? []).map(parseRendering);
    for (const version of versions)
      for (const size of sizes)
        if (renderings.length === 0) targets.push({ agent, version, size });
        else for (const rendering of renderings) targets.push({ agent, version, size, rendering });
  }
  if (args.has('scenario') && !args.has('out') && !args.has('append')) {
    // A partial capture renumbers the target's files: keep it away from the corpus.
    throw new Error('--scenario needs --out DIR (a scratch folder): the corpus is captured whole');
  }
  const jobs = Number(one('jobs') ?? (targets.length > 1 ? 2 : 1));
  const started = Date.now();
  const capture = (into: string): Promise<TargetIndex[]> =>
    captureAll(targets, into, jobs, args.get('scenario') ?? [], args.has('append'));
  let res: TargetIndex[] = [];
  let added: number | undefined;
  if (isCorpusRoot(root)) {
    // Captured as files, then stored by content: only the screens no release stores yet add a blob.
    const stored = targets.map((t) => ({ agent: t.agent, version: t.version, target: targetName(t) }));
    added = await throughScratch(root, stored, args.has('append'), async (into) => void (res = await capture(into)));
  } else res = await capture(root);
  const screens = res.reduce((a, r) => a + r.files.length, 0);
  const unreached = res.reduce((a, r) => a + r.unreached.length, 0);
  process.stdout.write(
    `captured ${screens} screens in ${targets.length} targets, ${unreached} scenarios unreached, ` +
      `${Math.round((Date.now() - started) / 1000)} s${added === undefined ? '' : `, ${added} new blobs stored`}\n`,
  );
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
