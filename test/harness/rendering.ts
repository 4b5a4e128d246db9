/**
 * How the capture harness sets a rendering condition (src/shared/rendering.ts names it): the
 * client's own theme setting is written into its config by the agent's harness entry, which lists
 * the themes it offers; the terminal's background is the pane's default colours; the colour depth
 * is the environment below.
 */
import type { Rendering } from '../../src/shared/rendering';

/** The environment the terminal gives the client under `r`. */
export function renderingEnv(r: Rendering): Record<string, string> {
  return r.depth === 'truecolor' ? { COLORTERM: 'truecolor' } : {};
}
