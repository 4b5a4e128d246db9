/**
 * Captures Claude Code's scrolled option list: the four-option question with descriptions (and its
 * free-text row) in a terminal too short for the dialog, the cursor moved down to the last row and
 * back up to the first, one key at a time. Each screen is stored plain and styled, named by the
 * key pressed before it; the answer key is the scenario's question (Q_FOUR), not these files.
 *
 * Usage: tsx scripts/qualify/capture-scrolled-list.ts [rows=15] [version=newest]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Q_FOUR } from '../../src/agents/claude/qualify/questions';
import { storeMoves } from './capture-moves';
import { startSession } from '../../src/qualify/session';
import { NEWEST } from '../../src/qualify/versions';

export const SCROLLED_KEYS = ['Down', 'Down', 'Down', 'Down', 'Up', 'Up', 'Up', 'Up'] as const;

export function scrolledScreensDir(version: string, rows: number): string {
  return join(__dirname, '..', '..', 'test', 'unit', 'adapters', 'screens', `claude-${version}-110x${rows}-scrolled`);
}

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 15);
  const version = process.argv[3] ?? NEWEST.claude;
  const dir = scrolledScreensDir(version, rows);
  mkdirSync(dir, { recursive: true });
  const s = await startSession({
    agent: 'claude',
    version,
    size: { cols: 110, rows },
    scenario: {
      name: 'scrolled-list',
      agent: 'claude',
      description: 'the four-option question in a terminal too short for its dialog',
      steps: [],
      turns: [
        { kind: 'ask', questions: [Q_FOUR] },
        { kind: 'text', text: 'Done.' },
      ],
    },
  });
  try {
    await s.prompt('pick a database');
    await s.screen((x) => x.includes('Chat about this'), { what: 'the question' });
    await storeMoves(s, dir, SCROLLED_KEYS);
  } finally {
    await s.stop();
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
