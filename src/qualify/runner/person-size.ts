// The person's own terminal size, in a local qualification: every scenario is captured once more at
// that size (under the person's rendering), and each screen is checked against its answer key
// under the generation the version is qualified with. A size draws some steps otherwise (a list
// that scrolls inside its dialog, a permission whose subject folds above its rows): such a step,
// read as one to answer in the terminal, is safe and is reported as shown only at that size. A
// screen read as a step that its answer key does not expect, or a client that answered otherwise
// than the scenario says, is a difference: the version is not qualified. A step the harness could
// not reach at that size (it drives by rows in sight), or a scenario whose answer key does not model
// that size (a row the client keeps or drops by width), is reported, never taken as the version's.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { recognizeForQualification } from '../../adapters/recognize';
import type { Recognition } from '../../adapters/types';
import { answerKeys } from '../answer-key';
import { runChecks } from '../answer-key/checks';
import { loadCorpus } from '../corpus/fixture-corpus';
import type { TargetIndex } from '../capture';
import type { AgentName } from '../versions';

export interface PersonSizeEntry {
  size: string;
  rendering: string;
  screens: number;
  /** Steps read as the terminal's to answer at this size, with why (`<file>: <reason>`). */
  shownOnly: string[];
  /** Steps the harness could not reach at this size (`<scenario> at <state>`). */
  unreached: string[];
  /** Scenarios whose answer keys do not model this size (`<scenario>: <why>`): not judged there. */
  unjudged: string[];
  /** Screens read otherwise than their answer keys say (`<file>: <check>: <detail>`). */
  misread: string[];
}

/** The checks whose failure on a screen read as the terminal's is the size's doing, not the version's. */
const SHOWN_ONLY_CHECKS = new Set(['recognition', 'key plan']);

/** Removes the screens of a step the capture did not finish (no sidecar): nothing judges them. */
function dropUnfinished(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const m = /^(\d\d-[a-z0-9-]+)\.(?:ansi\.)?txt$/.exec(name);
    if (m && !fs.existsSync(path.join(dir, `${m[1]}.json`))) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/** Judges the capture at the person's size (`dir`) under `generation`. */
export function judgePersonSize(
  agent: AgentName,
  version: string,
  generation: string,
  size: string,
  rendering: string,
  dir: string,
): PersonSizeEntry {
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as TargetIndex;
  dropUnfinished(dir);
  const corpus = loadCorpus(dir).filter((f) => f.agent === agent && f.version === version);
  const readings = new Map<string, Recognition>();
  const read = (id: string, screen: (typeof corpus)[number]['screen']): Recognition => {
    let r = readings.get(id);
    if (!r) {
      r = recognizeForQualification(agent, generation, version, screen);
      readings.set(id, r);
    }
    return r;
  };
  const shownOnly = new Map<string, string>();
  const misread: string[] = [];
  const unjudged: string[] = [];
  const keys = answerKeys(corpus, (scenario, why) => unjudged.push(`${scenario}: ${why}`));
  for (const c of runChecks(keys, (k) => read(k.fixture.id, k.fixture.screen))) {
    if (c.status !== 'failed') continue;
    const r = readings.get(c.screen);
    const file = path.basename(c.screen);
    if (r?.kind === 'manual_required' && SHOWN_ONLY_CHECKS.has(c.check)) shownOnly.set(file, r.reason);
    else misread.push(`${file}: ${c.check}: ${(c.detail ?? '').split('\n')[0]}`);
  }
  return {
    size,
    rendering,
    screens: corpus.length,
    shownOnly: [...shownOnly].map(([file, why]) => `${file}: ${why}`),
    unreached: index.unreached.map((u) => `${u.scenario} at ${u.state}`),
    unjudged,
    misread,
  };
}

/** One sentence on the person's size, for the outcome's reason. */
export function personSizeSentence(e: PersonSizeEntry): string {
  const shown = e.shownOnly.length;
  return (
    `at this terminal's ${e.size}, ${e.screens} screens were checked` +
    (shown > 0 ? `, ${shown} of them only shown there (a taller or wider terminal answers them)` : '') +
    (e.unreached.length > 0 ? `, ${e.unreached.length} step(s) not reached at that size` : '') +
    (e.unjudged.length > 0 ? `, ${e.unjudged.length} scenario(s) not judged (their answer keys do not model it)` : '')
  );
}
