/**
 * The words of a shell command line as the shell reads them: blanks separate words, quotes and
 * backslashes are removed, and a control or redirection operator outside quotes ends the first
 * simple command. Enough to tell whether two spellings name the same command words; nothing is
 * expanded.
 */

const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '\n']);

interface FirstCommand {
  words: string[];
  /** Something follows the first simple command (an operator and what comes after it). */
  more: boolean;
}

/** The words of the first simple command of `text`; undefined for an unterminated quote or escape. */
function firstCommandWords(text: string): FirstCommand | undefined {
  const chars = [...text];
  const words: string[] = [];
  let word = '';
  let inWord = false;
  const end = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (ch === ' ' || ch === '\t') end();
    else if (OPERATORS.has(ch)) {
      end();
      return { words, more: true };
    } else if (ch === "'") {
      const close = chars.indexOf("'", i + 1);
      if (close < 0) return undefined;
      word += chars.slice(i + 1, close).join('');
      inWord = true;
      i = close;
    } else if (ch === '"') {
      let j = i + 1;
      for (; j < chars.length && chars[j] !== '"'; j++) {
        if (chars[j] === '\\' && '$`"\\\n'.includes(chars[j + 1] ?? 'x')) j++;
        word += chars[j];
      }
      if (j >= chars.length) return undefined;
      inWord = true;
      i = j;
    } else if (ch === '\\') {
      if (i + 1 >= chars.length) return undefined;
      word += chars[++i];
      inWord = true;
    } else {
      word += ch;
      inWord = true;
    }
  }
  end();
  return { words, more: false };
}

/**
 * Whether `prefix` is written as one simple command whose words begin the first simple command of
 * `command` (however either quotes them): how Codex names the command prefix a rule would allow.
 */
export function namesCommandPrefix(prefix: string, command: string): boolean {
  const p = firstCommandWords(prefix);
  const c = firstCommandWords(command);
  if (!p || !c || p.more || p.words.length === 0 || p.words.length > c.words.length) return false;
  return p.words.every((w, i) => c.words[i] === w);
}
