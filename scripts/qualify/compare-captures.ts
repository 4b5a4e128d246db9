// Compares two captures of the fixture corpus, ignoring the fields named volatile in
// fixtures/README.md (sidecar capture dates; animated spinner lines, see normalise.ts).
// Usage: tsx scripts/qualify/compare-captures.ts DIR_A DIR_B
//        tsx scripts/qualify/compare-captures.ts --recapture [--agent A --version V --size S | --all] [--jobs N]
//          (captures again into a temporary folder, or --keep DIR, and compares with fixtures/)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from '../../src/qualify/harness-data';
import { captureAll, isCaptureFile, type Target } from '../../src/qualify/capture';
import { VOLATILE_PAIRS, isVolatileLine, normalise, styledCells, unblink } from '../../src/qualify/normalise';
import { AGENTS, SIZES, VERSIONS, parseAgent, parseSize } from '../../src/qualify/versions';
import { corpusHas, isCorpusDir, listCorpus, readCorpusFile } from '../../src/qualify/corpus/corpus-store';

export interface CompareResult {
  files: number;
  identical: number;
  volatileOnly: Array<{ file: string; lines: string[] }>;
  different: Array<{ file: string; detail: string }>;
  missing: string[];
}

function walk(dir: string, base = dir): string[] {
  if (!corpusHas(dir)) return [];
  const out: string[] = [];
  for (const name of listCorpus(dir)) {
    const p = path.join(dir, name);
    if (isCorpusDir(p)) out.push(...walk(p, base));
    else if (isCaptureFile(name)) out.push(path.relative(base, p));
  }
  return out.sort();
}

/**
 * A sidecar without repeated key presses: a key the client dropped (no visible effect) is sent again,
 * so `keys`/`next` can hold a press more in one capture than in another.
 */
function withoutKeys(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  for (const k of ['keys', 'next']) {
    const arr = o[k];
    if (Array.isArray(arr)) o[k] = arr.filter((x, i) => i === 0 || x !== arr[i - 1]);
  }
  return o;
}

function stripDates(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripDates);
  if (v && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (k !== 'captured') o[k] = stripDates(x);
    return o;
  }
  return v;
}

/**
 * Line by line. Styled captures compare as cells (character + effective style), so equivalent escape
 * sequences are equal. A difference counts as volatile when both lines are the same volatile line
 * kind, or when the lines differ only by the blinking bullet of a pending tool call.
 */
function compareScreens(a: string, b: string, styled: boolean): { same: boolean; volatile: string[]; detail: string } {
  const la = a.split('\n');
  const lb = b.split('\n');
  const volatile: string[] = [];
  if (la.length !== lb.length) return { same: false, volatile, detail: `line count ${la.length} vs ${lb.length}` };
  const ca = styled ? styledCells(a) : la;
  const cb = styled ? styledCells(b) : lb;
  const ua = styled ? styledCells(la.map(unblink).join('\n')) : la.map(unblink);
  const ub = styled ? styledCells(lb.map(unblink).join('\n')) : lb.map(unblink);
  for (let i = 0; i < la.length; i++) {
    const x = la[i] ?? '';
    const y = lb[i] ?? '';
    if (x === y) continue;
    if (ca[i] === cb[i]) {
      volatile.push(`${i + 1}: equivalent escape sequences`);
      continue;
    }
    const vx = isVolatileLine(x);
    if (vx && vx === isVolatileLine(y)) {
      volatile.push(`${i + 1}: ${vx}`);
      continue;
    }
    if (ua[i] === ub[i]) {
      volatile.push(`${i + 1}: blinking bullet of a pending tool call`);
      continue;
    }
    const pair = VOLATILE_PAIRS.find((p) => p.test(x, y, i, styled));
    if (pair) {
      volatile.push(`${i + 1}: ${pair.name}`);
      continue;
    }
    return { same: false, volatile, detail: `line ${i + 1}:\n  - ${JSON.stringify(x)}\n  + ${JSON.stringify(y)}` };
  }
  return { same: true, volatile, detail: '' };
}

/** JSON with object keys sorted, also inside string values that hold JSON (Codex answer objects). */
function canonicalJson(v: unknown): unknown {
  if (typeof v === 'string' && /^[[{]/.test(v)) {
    try {
      return { json: canonicalJson(JSON.parse(v)) };
    } catch {
      return v;
    }
  }
  if (Array.isArray(v)) return v.map(canonicalJson);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.keys(v as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonicalJson((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

export function compareTrees(a: string, b: string, only?: (rel: string) => boolean): CompareResult {
  const fa = walk(a).filter((f) => !only || only(f));
  const fb = new Set(walk(b).filter((f) => !only || only(f)));
  const res: CompareResult = { files: 0, identical: 0, volatileOnly: [], different: [], missing: [] };
  for (const f of fa) {
    if (!fb.has(f)) {
      res.missing.push(`${f} (only in ${a})`);
      continue;
    }
    fb.delete(f);
    res.files += 1;
    // Both sides pass through the current rules, so corpora captured under older rules still compare.
    const x = normalise(readCorpusFile(path.join(a, f)));
    const y = normalise(readCorpusFile(path.join(b, f)));
    if (x === y) {
      res.identical += 1;
      continue;
    }
    if (f.endsWith('.json')) {
      const jx = stripDates(JSON.parse(x));
      const jy = stripDates(JSON.parse(y));
      const sx = JSON.stringify(jx);
      const sy = JSON.stringify(jy);
      if (sx === sy) res.volatileOnly.push({ file: f, lines: ['captured'] });
      else if (JSON.stringify(canonicalJson(jx)) === JSON.stringify(canonicalJson(jy))) {
        res.volatileOnly.push({ file: f, lines: ['captured', 'key order of JSON answers'] });
      } else if (JSON.stringify(canonicalJson(withoutKeys(jx))) === JSON.stringify(canonicalJson(withoutKeys(jy)))) {
        res.volatileOnly.push({ file: f, lines: ['captured', 'keys re-sent after a dropped key press'] });
      } else res.different.push({ file: f, detail: `${sx.slice(0, 600)}\n  vs\n${sy.slice(0, 600)}` });
      continue;
    }
    const c = compareScreens(x, y, f.endsWith('.ansi.txt'));
    if (c.same) res.volatileOnly.push({ file: f, lines: c.volatile });
    else res.different.push({ file: f, detail: c.detail });
  }
  for (const f of fb) res.missing.push(`${f} (only in ${b})`);
  return res;
}

export function report(r: CompareResult): string {
  const lines = [
    `compared ${r.files} files: ${r.identical} identical, ${r.volatileOnly.length} differ only in volatile fields, ` +
      `${r.different.length} differ, ${r.missing.length} missing on one side`,
  ];
  const kinds = new Map<string, number>();
  for (const v of r.volatileOnly)
    for (const l of v.lines) kinds.set(l.replace(/^\d+: /, ''), (kinds.get(l.replace(/^\d+: /, '')) ?? 0) + 1);
  for (const [k, n] of kinds) lines.push(`  volatile: ${k} (${n})`);
  for (const d of r.different) lines.push(`  DIFF ${d.file}: ${d.detail}`);
  for (const m of r.missing) lines.push(`  MISSING ${m}`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<void> {
  const fixtures = FIXTURES;
  if (!argv.includes('--recapture')) {
    const [a, b] = argv.filter((x) => !x.startsWith('--'));
    if (!a || !b)
      throw new Error('usage: compare-captures DIR_A DIR_B | --recapture [--agent A --version V --size S | --all]');
    const r = compareTrees(path.resolve(a), path.resolve(b));
    process.stdout.write(report(r) + '\n');
    process.exitCode = r.different.length + r.missing.length > 0 ? 1 : 0;
    return;
  }
  const val = (k: string): string | undefined => {
    const i = argv.indexOf(`--${k}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const targets: Target[] = [];
  const agents = val('agent') ? [parseAgent(val('agent'))] : AGENTS;
  for (const agent of agents) {
    const versions = val('version') ? [val('version') ?? ''] : VERSIONS[agent];
    const sizes = val('size') ? [parseSize(val('size') ?? '')] : SIZES;
    for (const version of versions) for (const size of sizes) targets.push({ agent, version, size });
  }
  const keep = val('keep');
  const tmp = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'akk-recapture-'));
  try {
    await captureAll(targets, tmp, Number(val('jobs') ?? 1));
    const rels = new Set(targets.map((t) => path.join(t.agent, t.version, `${t.size.cols}x${t.size.rows}`)));
    const r = compareTrees(fixtures, tmp, (f) => rels.has(path.dirname(f)));
    process.stdout.write(report(r) + '\n');
    process.exitCode = r.different.length + r.missing.length > 0 ? 1 : 0;
  } finally {
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
