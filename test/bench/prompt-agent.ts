/**
 * A cheap stand-in for Claude Code in a tmux pane: a node script installed as `cli.js` of an
 * `@anthropic-ai/claude-code` package folder at the newest version, so that the server identifies
 * it as that client exactly as it identifies the real one (by the package the script lies in).
 * It replays two real screens captured from that version at 120x40 (the idle composer and a
 * single-select question, with their colours), and redraws one when asked by a key:
 *   i  the idle screen        q  the question
 * After the last byte of each frame reaches the terminal it appends `<key> <monotonic ns>` to
 * its paint log, so a reader can measure from the moment a prompt was painted.
 * Each pane costs one idle node process; nothing runs between keys.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NEWEST } from '../../src/qualify/versions';
import { readCorpusFile } from '../../src/qualify/corpus/corpus-store';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'claude', NEWEST.claude, '120x40');
export const PROMPT_AGENT_SIZE = { cols: 120, rows: 40 } as const;
export const SCREENS = { idle: '01-idle.ansi.txt', question: '04-single-select.ansi.txt' } as const;

const CLI = String.raw`
const fs = require('fs');
const path = require('path');
const [, , screens, paintLog] = process.argv;
const frames = {
  i: fs.readFileSync(path.join(screens, 'idle.bin')),
  q: fs.readFileSync(path.join(screens, 'question.bin')),
};
const paint = (key) => {
  process.stdout.write(frames[key]); // synchronous on a terminal
  fs.appendFileSync(paintLog, key + ' ' + process.hrtime.bigint() + '\n');
};
process.stdin.setRawMode(true);
process.stdin.on('data', (buf) => {
  for (const key of buf.toString('latin1')) if (key in frames) paint(key);
});
paint('i');
`;

/** The bytes that redraw a captured screen from the top left. */
function frameOf(file: string): Buffer {
  const lines = readCorpusFile(path.join(FIXTURES, file)).replace(/\n$/, '').split('\n');
  return Buffer.from(`\x1b[?25l\x1b[H\x1b[2J${lines.join('\r\n')}`, 'utf8');
}

export interface PromptAgent {
  dir: string;
  /** The argv that runs one instance, logging its paints to `paintLog`. */
  argv(paintLog: string): string[];
  dispose(): void;
}

/**
 * Writes `cli` as the `cli.js` of an `@anthropic-ai/claude-code` package folder at the newest
 * version under `dir`, so that the server identifies the script as that client; returns the folder.
 */
export function installClaudeStandIn(dir: string, cli: string): string {
  const pkg = path.join(dir, 'node_modules', '@anthropic-ai', 'claude-code');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: '@anthropic-ai/claude-code', version: NEWEST.claude }),
  );
  fs.writeFileSync(path.join(pkg, 'cli.js'), cli);
  return pkg;
}

export function installPromptAgent(): PromptAgent {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akk-prompt-agent-'));
  const pkg = installClaudeStandIn(dir, CLI);
  const screens = path.join(dir, 'screens');
  fs.mkdirSync(screens);
  fs.writeFileSync(path.join(screens, 'idle.bin'), frameOf(SCREENS.idle));
  fs.writeFileSync(path.join(screens, 'question.bin'), frameOf(SCREENS.question));
  return {
    dir,
    argv: (paintLog) => [process.execPath, path.join(pkg, 'cli.js'), screens, paintLog],
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The monotonic time (ns) of the last paint of `key` in a paint log, or null. */
export function lastPaint(paintLog: string, key: 'i' | 'q'): bigint | null {
  let text: string;
  try {
    text = readCorpusFile(paintLog);
  } catch {
    return null;
  }
  const lines = text.trimEnd().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const [k, ns] = (lines[i] ?? '').split(' ');
    if (k === key && ns) return BigInt(ns);
  }
  return null;
}
