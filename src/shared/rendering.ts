/**
 * A rendering condition and its one name. A person's setup gives a client a condition: the
 * client's own theme setting, the terminal's background (what a client that asks the terminal
 * adapts to), and the colour depth the terminal announces (`COLORTERM`, which VS Code's terminal,
 * iTerm2 and Ghostty set, and a tmux server started from them passes on). Qualification records,
 * corpus folders, the adapters' grants and a session's condition read on the person's machine all
 * name it here.
 */

export const COLOUR_DEPTHS = ['256', 'truecolor'] as const;
export type ColourDepth = (typeof COLOUR_DEPTHS)[number];

export interface Rendering {
  /** The client's own theme setting, one its harness entry lists; the corpus's default is `dark`. */
  theme?: string;
  /** `truecolor` sets `COLORTERM=truecolor`; the corpus's default is 256 colours (no `COLORTERM`). */
  depth?: ColourDepth;
  /** The terminal's background, as the pane's default colours report it to a client that asks. */
  background?: 'dark' | 'light';
}

/** The corpus's own condition: what every screen captured without a named condition was drawn under. */
export const STANDARD_RENDERING: Required<Pick<Rendering, 'theme' | 'depth'>> = { theme: 'dark', depth: '256' };

/**
 * A short name for a condition, for test titles, record keys and folder names: `light/truecolor`
 * (a client's theme), `light-background/truecolor` (a client without a theme setting, which adapts
 * to the terminal's background), `dark-on-light-background/256` (both).
 */
export function renderingName(r: Rendering): string {
  const background = r.background ? `${r.background}-background` : undefined;
  const look =
    background === undefined
      ? (r.theme ?? STANDARD_RENDERING.theme)
      : r.theme === undefined
        ? background
        : `${r.theme}-on-${background}`;
  return `${look}/${r.depth ?? STANDARD_RENDERING.depth}`;
}

/** A condition from its short name (`light/truecolor`, `dark-ansi/256`, `light-background/truecolor`). */
export function parseRendering(name: string): Rendering {
  const [look, depth] = name.split('/');
  if (!look || !COLOUR_DEPTHS.includes(depth as ColourDepth))
    throw new Error(`a rendering is THEME/DEPTH with DEPTH one of ${COLOUR_DEPTHS.join(', ')}: ${name}`);
  const m = /^(?:(.+)-on-)?(dark|light)-background$/.exec(look);
  if (!m) return { theme: look, depth: depth as ColourDepth };
  const background = m[2] as 'dark' | 'light';
  return m[1] ? { theme: m[1], background, depth: depth as ColourDepth } : { background, depth: depth as ColourDepth };
}
