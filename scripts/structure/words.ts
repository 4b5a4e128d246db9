/**
 * Each word once: the names that cross rooms (a permission's decisions, how words became an answer,
 * the settings, each agent's gated prompt shapes) are typed values in one home module; a string
 * literal of one anywhere else in src/ or media/ is a second spelling, which a typo could make into a
 * name nothing checks. Error objects are built by one function too (`codedError`, `AkkError`): an
 * error assembled by hand could carry a code no reader knows.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { ADAPTERS } from '../../src/adapters/registry';
import { DECISION } from '../../src/shared/decisions';
import { AGENTS } from '../../src/shared/lifecycle';
import { agentSettings, SETTING } from '../../src/shared/settings';
import { TEXT_SOURCES } from '../../src/shared/text-sources';

const SETTING_KEYS = [
  ...Object.values(SETTING).map((s) => s.key),
  ...AGENTS.flatMap((agent) => Object.values(agentSettings(agent)).map((s) => s.key)),
];

interface Vocabulary {
  what: string;
  words: readonly string[];
  /** The files allowed to spell them: the home, and tables generated from the records. */
  homes: readonly RegExp[];
}

const VOCABULARIES: readonly Vocabulary[] = [
  { what: 'a decision', words: Object.values(DECISION), homes: [/^src\/shared\/decisions\.ts$/] },
  { what: 'an answer source', words: TEXT_SOURCES, homes: [/^src\/shared\/text-sources\.ts$/] },
  {
    what: 'a setting',
    // The full key, and the key within the `akk` section (`getConfiguration('akk').get('tmux.path')`).
    words: [...SETTING_KEYS, ...SETTING_KEYS.map((key) => key.replace(/^akk\./, ''))],
    homes: [/^src\/shared\/settings\.ts$/],
  },
  {
    what: 'a prompt shape',
    words: [...new Set(AGENTS.flatMap((agent) => ADAPTERS[agent].gatedShapes()))],
    homes: [/^src\/agents\/[a-z]+\/recognize\/(shapes|qualified-versions)\.ts$/],
  },
];

/**
 * The qualification layer spells these words on purpose: its scenarios and answer keys say what a
 * real client draws and what the harness pressed, from outside the code under test, so a renamed
 * constant cannot rename the expectation with it; its fake model speaks the vendors' wire formats.
 */
const OWN_WITNESS = /^src\/(qualify|agents\/[a-z]+\/qualify)\//;

/** Code that builds an error object by hand, and the files allowed to: the builders and the wire. */
const HAND_BUILT_ERROR = /Object\.assign\(\s*new Error\b|data: \{ code: '/;
const ERROR_HOMES = [/^src\/shared\/errors\.ts$/, /^src\/server\/rpc\//];

/** String literals of a vocabulary's words outside its homes, in src/ and media/; hand-built errors. */
export function secondSpellings(root: string, files: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const rel = relative(root, file).split(sep).join('/');
    if (!/^(src|media)\//.test(rel)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    if (!ERROR_HOMES.some((h) => h.test(rel)))
      lines.forEach((text, i) => {
        if (HAND_BUILT_ERROR.test(text)) out.push(`${rel}:${i + 1} builds an error by hand (use codedError)`);
      });
    for (const v of VOCABULARIES) {
      if (v.homes.some((h) => h.test(rel)) || OWN_WITNESS.test(rel)) continue;
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
