/**
 * Each word once: the names that cross rooms (a permission's decisions, each agent's gated prompt
 * shapes) are typed values in one home module; a string literal of one anywhere else in src/ or
 * media/ is a second spelling, which a typo could make into a name nothing checks.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { CLAUDE_SHAPES } from '../../src/adapters/claude/shapes';
import { CODEX_SHAPES } from '../../src/adapters/codex/shapes';
import { DECISION } from '../../src/shared/decisions';

interface Vocabulary {
  what: string;
  words: readonly string[];
  /** The files allowed to spell them: the home, and tables generated from the records. */
  homes: readonly RegExp[];
}

const VOCABULARIES: readonly Vocabulary[] = [
  { what: 'a decision', words: Object.values(DECISION), homes: [/^src\/shared\/decisions\.ts$/] },
  {
    what: 'a prompt shape',
    words: [...new Set([...Object.values(CLAUDE_SHAPES), ...Object.values(CODEX_SHAPES)])],
    homes: [/^src\/adapters\/(claude|codex)\/shapes\.ts$/, /^src\/adapters\/[a-z]+\/qualified-versions\.ts$/],
  },
];

/** String literals of a vocabulary's words outside its homes, in src/ and media/. */
export function secondSpellings(root: string, files: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const rel = relative(root, file).split(sep).join('/');
    if (!/^(src|media)\//.test(rel)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const v of VOCABULARIES) {
      if (v.homes.some((h) => h.test(rel))) continue;
      lines.forEach((text, i) => {
        // Comments may name a word to explain it; code may not spell it.
        if (/^\s*(\*|\/\*|\/\/)/.test(text)) return;
        const line = text.replace(/\s\/\/.*$/, '');
        for (const word of v.words) {
          if (line.includes(`'${word}'`) || line.includes(`"${word}"`) || line.includes(`\`${word}\``))
            out.push(`${rel}:${i + 1} spells ${v.what} ('${word}') outside its home`);
        }
      });
    }
  }
  return out;
}
