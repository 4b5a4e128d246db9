// The client versions the harness knows. Each was checked with `npm view <package>@<version> version`.
// The live tier runs NEWEST at 120x40 and each seed version at 80x24; the fixture corpus covers every entry.

export type AgentName = 'claude' | 'codex';

export const AGENTS: readonly AgentName[] = ['claude', 'codex'];

export const PACKAGES: Readonly<Record<AgentName, string>> = {
  claude: '@anthropic-ai/claude-code',
  codex: '@openai/codex',
};

/** Newest published version at the time the table was last updated (pinned, not resolved at run time). */
export const NEWEST: Readonly<Record<AgentName, string>> = {
  claude: '2.1.332',
  codex: '0.171.0',
};

/** Versions named by the interaction profiles, oldest first, followed by NEWEST. */
export const VERSIONS: Readonly<Record<AgentName, readonly string[]>> = {
  claude: ['2.1.263', '2.1.266', '2.1.267', NEWEST.claude],
  codex: ['0.153.4', '0.154.0', '0.155.1', NEWEST.codex],
};

export interface TermSize {
  cols: number;
  rows: number;
}

export const SIZES: readonly TermSize[] = [
  { cols: 80, rows: 24 },
  { cols: 120, rows: 40 },
  { cols: 200, rows: 60 },
];

export function parseAgent(s: string | undefined): AgentName {
  if (s === 'claude' || s === 'codex') return s;
  throw new Error(`unknown agent ${JSON.stringify(s)} (expected claude or codex)`);
}

export function parseSize(s: string): TermSize {
  const m = /^(\d+)x(\d+)$/.exec(s);
  if (!m) throw new Error(`bad size ${JSON.stringify(s)} (expected COLSxROWS, e.g. 120x40)`);
  return { cols: Number(m[1]), rows: Number(m[2]) };
}

export function sizeName(size: TermSize): string {
  return `${size.cols}x${size.rows}`;
}

/** Compare dotted numeric versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
