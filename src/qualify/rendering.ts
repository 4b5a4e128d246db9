/**
 * How the capture harness sets a rendering condition (src/shared/rendering.ts names it): the
 * client's own theme setting is written into its config by the agent's harness entry, which lists
 * the themes it offers; the terminal's background is the pane's default colours; the colour depth
 * is the environment below.
 */
import type { Rendering } from '../shared/rendering';

/** The environment the terminal gives the client under `r`. */
export function renderingEnv(r: Rendering): Record<string, string> {
  return r.depth === 'truecolor' ? { COLORTERM: 'truecolor' } : {};
}

/**
 * The pane's default colours for a terminal of that background: what tmux reports to a client that
 * asks the terminal for its colours (OSC 10/11), as a person's light or dark terminal would.
 */
export function backgroundStyle(background: Rendering['background']): string[] {
  if (background === undefined) return [];
  const style = background === 'light' ? 'fg=#1f1f1f,bg=#ffffff' : 'fg=#e6e6e6,bg=#101010';
  return [`set -g window-style '${style}'`, `set -g window-active-style '${style}'`];
}
