/**
 * Every stored screen under every release whose qualification record claims it. A record keeps
 * only the screens that differ from those already stored, and names where each identical one is
 * stored (`storedIn`); a release is qualified only if its own profile generation, and the shapes it
 * was qualified with, recognise each such screen exactly as the answer key says, and plan the keys
 * the harness pressed. Removing one screen's support from one generation fails here, for every
 * release of that generation that claims the screen. Releases of one generation and the same
 * grants that claim one screen put one input to the recognizer: it is recognised once
 * (distinct-inputs.ts), and a failure names every claim.
 */
import { strict as assert } from 'node:assert';
import { recognize } from '../../../src/adapters/recognize';
import { adapterOf } from '../../../src/adapters/registry';
import type { AgentKind } from '../../../src/shared/agents';
import { answerKeys, type ScreenKey } from '../../../src/qualify/answer-key';
import { checkRecognition, describeExpected, planCheck } from '../../../src/qualify/answer-key/checks';
import { alsoTitle, byInput, forEveryOne, recognitionInput } from '../../support/distinct-inputs';
import { claims, type Claim } from '../../support/stored-claims';

const all = claims();
const keys = new Map<string, ScreenKey>(answerKeys().map((k) => [k.fixture.id, k]));

describe('every stored screen under every release that claims it', () => {
  it('finds the claims of most releases of both clients', () => {
    const releases = new Set(all.map((c) => `${c.agent}@${c.version}`));
    assert.ok(all.length > 1000 && releases.size > 40, `${all.length} claims by ${releases.size} releases`);
  });

  it('each claiming release is of the generation its record names', () => {
    const wrong = [...new Set(all.map((c) => `${c.agent} ${c.version} ${c.generation}`))].filter((line) => {
      const [agent, version, generation] = line.split(' ') as [AgentKind, string, string];
      return adapterOf(agent)?.generationOf(version) !== generation;
    });
    assert.deepEqual(wrong, []);
  });

  // Each claim is recognised with its release's own profile, once per distinct input: releases of
  // one generation and the same grants that claim one screen put one input to the recognizer.
  const claimed: Array<{ c: Claim; k: ScreenKey }> = [];
  for (const c of all) {
    const k = keys.get(c.stored);
    if (k) claimed.push({ c, k });
    else
      it(`${c.agent}@${c.version} claims ${c.stored}: the claimed screen is stored and has an answer key`, () =>
        assert.fail(`no stored screen ${c.stored}`));
  }
  const name = ({ c }: { c: Claim }): string => `${c.agent}@${c.version} claims ${c.stored}`;
  const inputs = byInput(
    claimed,
    ({ c, k }) => `${recognitionInput(c.agent, c.version, k.fixture.screen)}\n${c.stored}`,
  );
  for (const group of inputs) {
    const { c, k } = group.first;
    const seen = () => recognize(c.agent, c.version, k.fixture.screen);
    it(`${name(group.first)}: ${describeExpected(k.expected)}${alsoTitle(group)}`, () =>
      forEveryOne(group, name, () => checkRecognition(seen(), k.expected)));
    const p = planCheck(k);
    if (p && !('skip' in p))
      it(`${name(group.first)}: ${p.name}${alsoTitle(group)}`, () => forEveryOne(group, name, () => p.check(seen())));
  }
});
