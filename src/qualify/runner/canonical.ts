// The canonical form of a captured screen: what stays once the volatile fields that
// fixtures/README.md names are set aside (animated lines, blinking bullets, per-session colours,
// equivalent escape sequences) and the client's own version number is replaced. Two screens with
// the same canonical form are the same screen; its digest is what a qualification record keeps.
import { createHash } from 'node:crypto';
import type { Sidecar } from '../capture';
import { HARNESS_AGENTS } from '../agents';
import { normalise, styledCells, unblink } from '../normalise';
import type { AgentName } from '../versions';
import { stripSgr } from '../sgr';
import { withoutSpan } from '../volatile-span';

const VERSION_TOKEN = '<version>';

function withoutVersion(text: string, version: string): string {
  return text.split(version).join(VERSION_TOKEN);
}

/** One line per screen row: plain text, or cells (character + effective style) for a styled capture. */
export function canonicalLines(agent: AgentName, text: string, styled: boolean, version: string): string[] {
  const { volatileLines, volatilePairs, volatileSpans } = HARNESS_AGENTS[agent].normalise;
  const raw = withoutVersion(normalise(text), version).split('\n');
  while (raw.length > 0 && stripSgr(raw[raw.length - 1] ?? '').trim() === '') raw.pop();
  const unblinked = raw.map(unblink);
  const cells = styled ? styledCells(unblinked.join('\n')) : unblinked;
  return raw.map((line, row) => {
    const plain = stripSgr(line);
    const volatile = volatileLines.find((v) => v.re.test(plain));
    if (volatile) return `<${volatile.name}>`;
    for (const pair of volatilePairs) {
      const c = pair.canonical(plain, row);
      if (c !== undefined) return `<${pair.name}>${c}`;
    }
    const drawn = cells[row] ?? '';
    for (const span of volatileSpans) {
      const c = withoutSpan(span, drawn, styled);
      if (c !== undefined) return c;
    }
    return drawn;
  });
}

/** What a sidecar says that two versions must share: the step, its keys, and what the model received. */
export function canonicalSidecar(side: Sidecar): string {
  const dedupe = (keys: readonly string[]): string[] => keys.filter((k, i) => i === 0 || k !== keys[i - 1]);
  const truth = side.groundTruth;
  return JSON.stringify({
    scenario: side.scenario,
    step: side.step,
    state: side.state,
    keys: dedupe(side.keys),
    next: dedupe(side.next),
    groundTruth:
      truth === undefined
        ? null
        : truth.kind === 'user_message'
          ? { kind: truth.kind, text: withoutVersion(truth.text, side.version) }
          : { ...truth, content: sortedJson(withoutVersion(truth.content, side.version)) },
  });
}

/** A JSON answer with its object keys sorted (Codex's key order is volatile); any other text as it is. */
function sortedJson(text: string): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as Record<string, unknown>)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  try {
    return JSON.stringify(sort(JSON.parse(text)));
  } catch {
    return text;
  }
}

export function digest(text: string | readonly string[]): string {
  const body = typeof text === 'string' ? text : text.join('\n');
  return createHash('sha256').update(body).digest('hex').slice(0, 32);
}

/** Two canonical screens as a line diff (longest common subsequence), at most `limit` changed lines. */
export function lineDiff(a: readonly string[], b: readonly string[], limit = 24): string {
  // A styled row is cells joined by U+0001, each `<char>U+0000<style>`: shown as its text.
  const show = (l: string): string =>
    JSON.stringify(
      l
        .split('\u0001')
        .map((cell) => cell.split('\u0000')[0])
        .join(''),
    );
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while ((i < n || j < m) && out.length < limit) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push(`+ row ${j + 1}: ${show(b[j]!)}`);
      j++;
    } else {
      out.push(`- row ${i + 1}: ${show(a[i]!)}`);
      i++;
    }
  }
  const styleOnly = out.length === 0 && a.join() !== b.join();
  return styleOnly ? 'the same text in other styles' : out.join('\n');
}
