/** Loads the captured screen corpus: fixtures/<agent>/<version>/<cols>x<rows>/NN-<state>.{txt,ansi.txt,json}. */
import { corpusHas, isCorpusDir, listCorpus, readCorpusFile } from './corpus-store';
import { join, relative } from 'node:path';
import { adapterOf } from '../../adapters/registry';
import { selfContainedRows } from '../../server/sessions/tmux/styled-lines';
import { isAgentName } from '../../shared/agents';
import { VERSIONS } from '../versions';
import type { AgentKind } from '../../adapters/recognize';
import type { Recognition, ScreenSnapshot } from '../../adapters/types';
import { renderingName, STANDARD_RENDERING } from '../../shared/rendering';

import { FIXTURES } from '../harness-data';

export { FIXTURES };

export interface Fixture {
  /** e.g. claude/2.1.332/120x40/03-single-select */
  id: string;
  dir: string;
  base: string;
  agent: AgentKind;
  version: string;
  state: string;
  /** The rendering condition it was drawn under (`dark/256`, the corpus's own, or `light/truecolor`…). */
  rendering: string;
  screen: ScreenSnapshot;
}

const STANDARD = renderingName(STANDARD_RENDERING);

/** Whether a screen was drawn under the corpus's own rendering (dark theme, 256 colours). */
export const inStandardRendering = (f: Fixture): boolean => f.rendering === STANDARD;

function lines(text: string): string[] {
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
}

/**
 * The screens of the qualified client versions in fixtures/ (a version recorded as differing keeps
 * its screens there too, see `loadUnqualifiedCorpus`), or every screen under another root (a
 * qualification's scratch capture).
 */
export function loadCorpus(root?: string): Fixture[] {
  if (root !== undefined) return loadScreens(root);
  return storedScreens().filter((f) => adapterOf(f.agent)?.generationOf(f.version) !== undefined);
}

let stored: readonly Fixture[] | undefined;
const storedSet = new WeakSet<Fixture>();

/** Whether a fixture is one of fixtures/'s screens as read once (not a scratch capture's, read anew). */
export const isStoredFixture = (f: Fixture): boolean => storedSet.has(f);

/**
 * Every screen in fixtures/, read from disk once per process (the corpus is read-only while tests
 * run), each fixture and its screen frozen: a test that edits a screen edits a copy
 * (screen-edits.ts), never the one every other test reads.
 */
function storedScreens(): readonly Fixture[] {
  stored ??= Object.freeze(loadScreens(FIXTURES).map((f) => Object.freeze({ ...f, screen: frozenScreen(f.screen) })));
  for (const f of stored) storedSet.add(f);
  return stored;
}

function frozenScreen(s: ScreenSnapshot): ScreenSnapshot {
  Object.freeze(s.plain);
  if (s.styled) Object.freeze(s.styled);
  return Object.freeze(s);
}

/**
 * The screens of the seed versions, whose whole corpus is kept (the harness entries' `versions`):
 * what the hand-written recognition tests describe. Other qualified versions keep only the screens
 * that differ, checked by the answer key.
 */
export function loadSeedCorpus(): Fixture[] {
  return loadCorpus().filter((f) => isAgentName(f.agent) && VERSIONS[f.agent].includes(f.version));
}

/** The screens kept in fixtures/ for client versions that are not qualified (recorded as differing). */
export function loadUnqualifiedCorpus(): Fixture[] {
  return storedScreens().filter((f) => adapterOf(f.agent)?.generationOf(f.version) === undefined);
}

/** One stored screen's plain capture, by its place: `<cols>x<rows>/NN-<state>` under the release's folder. */
export function storedPlainScreen(agent: AgentKind, version: string, rel: string): ScreenSnapshot {
  const [cols, rows] = (/(\d+)x(\d+)/.exec(rel) ?? []).slice(1).map(Number) as [number, number];
  return { plain: lines(readCorpusFile(join(FIXTURES, agent, version, `${rel}.txt`))), cols, rows };
}

function loadScreens(root: string): Fixture[] {
  const out: Fixture[] = [];
  if (!corpusHas(root)) return out;
  const walk = (dir: string): void => {
    for (const name of listCorpus(dir).sort()) {
      const p = join(dir, name);
      if (isCorpusDir(p)) walk(p);
      else if (/^\d\d-.+\.txt$/.test(name) && !name.endsWith('.ansi.txt')) {
        const base = name.slice(0, -4);
        const meta = JSON.parse(readCorpusFile(join(dir, `${base}.json`))) as {
          agent: AgentKind;
          version: string;
          size: string;
          state: string;
          rendering?: string;
        };
        const [cols, rows] = meta.size.split('x').map(Number) as [number, number];
        const styledPath = join(dir, `${base}.ansi.txt`);
        out.push({
          id: relative(root, join(dir, base)),
          dir,
          base,
          agent: meta.agent,
          version: meta.version,
          state: meta.state,
          rendering: meta.rendering ?? STANDARD,
          screen: {
            plain: lines(readCorpusFile(p)),
            ...(corpusHas(styledPath) ? { styled: lines(selfContainedRows(readCorpusFile(styledPath))) } : {}),
            cols,
            rows,
          },
        });
      }
    }
  };
  walk(root);
  return out;
}

/** The reviewable summary of a recognition that lives beside each fixture (fingerprint source left out). */
export function summarize(r: Recognition): unknown {
  switch (r.kind) {
    case 'questionnaire':
      return {
        kind: r.kind,
        profile: r.profileId,
        step: r.step,
        question: r.question,
        plan: r.plan,
        ...(r.focusedKey !== undefined ? { focused: r.focusedKey } : {}),
        ...(r.asyncDelivery ? { async_delivery: r.asyncDelivery } : {}),
      };
    case 'permission':
      return {
        kind: r.kind,
        profile: r.profileId,
        tool: r.tool,
        title: r.title,
        subject: r.subject,
        decisions: r.decisions,
        plan: r.plan,
      };
    default:
      return r;
  }
}
