/**
 * The rendering condition a session's client draws under, named as qualification names it
 * (`light/truecolor`, `dark-background/truecolor`), so that a qualification made on the person's
 * machine captures what they see. Read, never changed: the colour depth from the client process's
 * own environment (`COLORTERM`; where that cannot be read, from the colours on its screen), the
 * theme from the client's own setting, and the terminal's background from what the editor knows;
 * and the size of the person's terminal, which is captured beside the standard sizes.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AGENT_DESCRIPTORS, themeConditionName, type AgentName } from '../../shared/agents';
import { renderingName, type ColourDepth } from '../../shared/rendering';
import { processEnvironment } from '../base/process-environment';

interface SessionRendering {
  /** The condition; null when it is the corpus's own (dark, 256 colours), which every run captures. */
  name: string | null;
  /** How each part was read, for the log and the outcome. */
  how: string;
}

/** The largest config file read for one key: the client's own file may hold a long history. */
const MAX_CONFIG_BYTES = 32 * 1024 * 1024;

/** Truecolor when the client was told so; read from its screen's colours when its environment is unreadable. */
function colourDepth(env: Map<string, string> | null, styled: readonly string[] | undefined): [ColourDepth, string] {
  if (env) {
    const v = env.get('COLORTERM') ?? '';
    return /^(truecolor|24bit)$/i.test(v)
      ? ['truecolor', `COLORTERM=${v}`]
      : ['256', v ? `COLORTERM=${v}` : 'no COLORTERM'];
  }
  const rgb = (styled ?? []).some((line) => /\[[0-9;]*[34]8;2;\d/.test(line));
  return rgb ? ['truecolor', 'its screen draws 24-bit colours'] : ['256', 'its screen draws no 24-bit colour'];
}

/**
 * The client's own theme setting, read from its config file: null when the key (or the file) is
 * absent, so the client draws its default; undefined when it cannot be read or is not a theme.
 */
function themeSetting(
  setting: { file: string; dirEnv: string; key: string; default: string; offered: readonly string[] },
  env: Map<string, string> | null,
): [string | null | undefined, string] {
  const dir = env?.get(setting.dirEnv) || env?.get('HOME') || os.homedir();
  const file = path.join(dir, setting.file);
  try {
    if (fs.statSync(file).size > MAX_CONFIG_BYTES) return [undefined, `${file} is too large to read`];
    const value = setting.key
      .split('.')
      .reduce<unknown>(
        (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
        JSON.parse(fs.readFileSync(file, 'utf8')),
      );
    if (value === undefined) return [null, `no ${setting.key} in ${file}`];
    if (typeof value === 'string' && setting.offered.includes(value)) return [value, `${setting.key} ${value}`];
    return [undefined, `${setting.key} ${JSON.stringify(value)} in ${file} is not a theme the client offers`];
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [null, `no ${file}`];
    return [undefined, `${file} could not be read (${code ?? (e as Error).message})`];
  }
}

export function sessionRendering(
  agent: AgentName,
  pid: number,
  styled: readonly string[] | undefined,
  background: 'dark' | 'light' | undefined,
): SessionRendering {
  const env = processEnvironment(pid);
  const [depth, depthHow] = colourDepth(env, styled);
  const choice = AGENT_DESCRIPTORS[agent].rendering;
  if ('themeSetting' in choice) {
    const setting = choice.themeSetting;
    const [theme, themeHow] = themeSetting(setting, env);
    const how = `${themeHow}; ${depthHow}`;
    // A theme that cannot be read is not guessed: the run captures the corpus's own condition only.
    if (theme === undefined) return { name: null, how };
    if (setting.asksBackground && background !== undefined) {
      // A client that asks the terminal draws by its background too: the theme that suits it
      // when none is set, and a warning when the set theme does not suit it.
      const set = theme === null ? {} : { theme: themeConditionName(theme) };
      return { name: renderingName({ ...set, background, depth }), how: `${how}; a ${background} terminal background` };
    }
    const drawn = theme ?? setting.default;
    // The client's default theme is the one its corpus was captured under.
    const name = renderingName({ theme: themeConditionName(drawn), depth });
    return { name: drawn === setting.default && depth === '256' ? null : name, how };
  }
  if (background === undefined) return { name: null, how: `the terminal's background is not known; ${depthHow}` };
  return { name: renderingName({ background, depth }), how: `a ${background} terminal background; ${depthHow}` };
}

/** The sizes a capture at the person's terminal is made at; outside them a client draws no dialog whole. */
const PERSON_SIZE = { cols: [40, 500], rows: [10, 200] } as const;

/**
 * The person's terminal size as qualification names it (`100x15`), for a capture beside the
 * standard sizes; null when it is not known or outside what a capture can be made at.
 */
export function personSize(screen: { cols: number; rows: number } | undefined): string | null {
  if (!screen) return null;
  const within = (v: number, [lo, hi]: readonly [number, number]) => Number.isInteger(v) && v >= lo && v <= hi;
  return within(screen.cols, PERSON_SIZE.cols) && within(screen.rows, PERSON_SIZE.rows)
    ? `${screen.cols}x${screen.rows}`
    : null;
}
