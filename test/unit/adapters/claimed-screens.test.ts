/**
 * Every stored screen under every release whose qualification record claims it. A record keeps
 * only the screens that differ from those already stored, and names where each identical one is
 * stored (`storedIn`); a release is qualified only if its own profile generation, and the shapes it
 * was qualified with, recognise each such screen exactly as the answer key says, and plan the keys
 * the harness pressed. Removing one screen's support from one generation fails here, for every
 * release of that generation that claims the screen.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recognize } from '../../../src/adapters/recognize';
import { adapterOf } from '../../../src/adapters/registry';
import type { AgentKind } from '../../../src/shared/agents';
import { answerKeys, type ScreenKey } from '../../support/answer-key';
import { checkRecognition, describeExpected, planCheck } from '../../support/answer-key/checks';
import { FIXTURES } from '../../support/fixture-corpus';

interface Claim {
  agent: AgentKind;
  version: string;
  generation: string;
  /** The stored screen's id, e.g. `claude/2.1.332/120x40/04-single-select`. */
  stored: string;
}

interface RecordScreen {
  size: string;
  file: string;
  storedIn?: string;
}

/** The screens each qualified record claims from another release's folder. */
function claims(): Claim[] {
  const out: Claim[] = [];
  for (const agent of readdirSync(FIXTURES, { withFileTypes: true })) {
    if (!agent.isDirectory()) continue;
    for (const version of readdirSync(join(FIXTURES, agent.name)).sort()) {
      let record: { agent: AgentKind; version: string; result: string; generation: string; screens: RecordScreen[] };
      try {
        record = JSON.parse(readFileSync(join(FIXTURES, agent.name, version, 'qualification.json'), 'utf8'));
      } catch {
        continue;
      }
      if (record.result !== 'qualified') continue;
      for (const s of record.screens) {
        if (s.storedIn === undefined || s.storedIn === record.version) continue;
        out.push({
          agent: record.agent,
          version: record.version,
          generation: record.generation,
          stored: `${record.agent}/${s.storedIn}/${s.size}/${s.file}`,
        });
      }
    }
  }
  return out;
}

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

  for (const c of all) {
    const k = keys.get(c.stored);
    const id = `${c.agent}@${c.version} claims ${c.stored}`;
    if (!k) {
      it(`${id}: the claimed screen is stored and has an answer key`, () =>
        assert.fail(`no stored screen ${c.stored}`));
      continue;
    }
    const seen = () => recognize(c.agent, c.version, k.fixture.screen);
    it(`${id}: ${describeExpected(k.expected)}`, () => checkRecognition(seen(), k.expected));
    const p = planCheck(k);
    if (p && !('skip' in p)) it(`${id}: ${p.name}`, () => p.check(seen()));
  }
});
