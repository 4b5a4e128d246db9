/**
 * Captures Gemini CLI's scrolled `ask_user` list: the database question (three options and the
 * free-text row, three rows in sight at a time) at 80x24, the cursor moved down to the last row and
 * back up to the first, one key at a time. Each screen is stored plain and styled, named by the key
 * pressed before it; what each must show is the scenario's question (GEMINI_ASK), not these files.
 *
 * Usage: tsx scripts/qualify/capture-list-moves.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { storeMoves } from './capture-moves';
import { startSession } from '../../src/qualify/session';
import { NEWEST } from '../../src/qualify/versions';
import { GEMINI_ASK } from '../../src/agents/gemini/qualify/question-scenarios';

export const LIST_MOVE_KEYS = ['Down', 'Down', 'Down', 'Up', 'Up', 'Up'] as const;
export const LIST_MOVES_SIZE = { cols: 80, rows: 24 } as const;

export function listMovesDir(version: string): string {
  return join(__dirname, '..', '..', 'test', 'unit', 'adapters', 'screens', `gemini-${version}-80x24-list-moves`);
}

async function main(): Promise<void> {
  const version = process.argv[2] ?? NEWEST.gemini;
  const dir = listMovesDir(version);
  mkdirSync(dir, { recursive: true });
  const s = await startSession({
    agent: 'gemini',
    version,
    size: LIST_MOVES_SIZE,
    scenario: {
      name: 'list-moves',
      agent: 'gemini',
      description: 'the database question, whose free-text row is out of sight',
      steps: [],
      turns: [
        { kind: 'tool', name: 'ask_user', input: { questions: [GEMINI_ASK.database] } },
        { kind: 'text', text: 'Done.' },
      ],
    },
  });
  try {
    await s.screen({ all: ['Type your message or @path/to/file'] }, { timeoutMs: 60_000 });
    await s.prompt('pick a database');
    await s.screen({ all: [GEMINI_ASK.database.question, '● 1.'] }, { what: 'the question' });
    await storeMoves(s, dir, LIST_MOVE_KEYS);
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
