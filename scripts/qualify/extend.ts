// Extends a qualified version's record with the scenarios of shapes added to the corpus after it
// was qualified (the adapters' gated shapes): captures only those scenarios, at the record's sizes,
// numbered after its screens; checks them against their answer keys under the version's own
// generation; and, when every check passes, adds the screens to the record (stored by differences),
// so that the version answers those shapes. A scenario that fails a check is reported and the shape
// stays unanswered on that version: the record is left as it was.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { adapterOf } from '../../src/adapters/registry';
import { captureAll, type TargetIndex } from '../../src/qualify/capture';
import { agentBinary } from '../../src/qualify/install-agents';
import { scenariosFor } from '../../src/qualify/scenarios';
import { compareVersions, parseSize, type AgentName } from '../../src/qualify/versions';
import { recognizeForQualification } from '../../src/adapters/recognize';
import { answerKeys } from '../../src/qualify/answer-key';
import { runChecks } from '../../src/qualify/answer-key/checks';
import { loadCorpus } from '../../src/qualify/corpus/fixture-corpus';
import { capturedScreens } from '../../src/qualify/runner/evaluate';
import { readRecords, writeRecord, type QualificationRecord } from '../../src/qualify/runner/records';
import { storeScreens } from './store';

/** Scenarios of the agent's gated shapes that `record` lacks (and its version can reach). */
export function missingScenarios(agent: AgentName, record: QualificationRecord, only?: string): string[] {
  const gated = (adapterOf(agent)?.gatedShapes() ?? []).filter((g) => only === undefined || g === only);
  const have = new Set(record.screens.map((s) => s.scenario));
  return scenariosFor(agent)
    .filter((s) => !s.minVersion || compareVersions(record.version, s.minVersion) >= 0)
    .filter((s) => s.steps.some((step) => (step.shapes ?? []).some((shape) => gated.includes(shape))))
    .map((s) => s.name)
    .filter((name) => !have.has(name));
}

/** A scratch target that already lists the record's screens, so new files are numbered after them. */
function seedScratch(scratch: string, record: QualificationRecord, size: string): void {
  const dir = path.join(scratch, record.agent, record.version, size);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const files = record.screens
    .filter((s) => s.size === size)
    .map((s) => ({ file: s.file, scenario: s.scenario, state: s.state, shapes: [] }));
  const index: TargetIndex = {
    agent: record.agent,
    version: record.version,
    size,
    captured: new Date().toISOString(),
    files,
    skipped: [],
    unreached: [],
  };
  fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index, null, 2) + '\n');
}

export interface Extension {
  version: string;
  added: string[];
  line: string;
}

export async function extendOne(
  agent: AgentName,
  record: QualificationRecord,
  scratch: string,
  jobs: number,
  /** Only the scenarios of this gated shape. */
  only?: string,
): Promise<Extension> {
  const missing = missingScenarios(agent, record, only);
  const generation = record.generation;
  if (missing.length === 0 || record.result !== 'qualified' || generation === null)
    return { version: record.version, added: [], line: `${agent} ${record.version}: nothing to add` };
  await agentBinary(agent, record.version);
  for (const size of record.sizes) seedScratch(scratch, record, size);
  const targets = record.sizes.map((s) => ({ agent, version: record.version, size: parseSize(s) }));
  await captureAll(targets, scratch, jobs, missing, true);
  const { screens, unreached } = capturedScreens(scratch, agent, record.version, record.sizes);
  // Each scenario on its own: one that fails a check (or does not reach its step) is left out.
  const corpus = loadCorpus(path.join(scratch, agent, record.version)).filter((f) => f.version === record.version);
  const keys = answerKeys(corpus);
  const scenarioOf = new Map(keys.map((k) => [k.fixture.id, k.side.scenario]));
  const results = runChecks(keys, (k) =>
    recognizeForQualification(agent, generation, record.version, k.fixture.screen),
  );
  const failed = new Set([
    ...unreached.map((u) => u.scenario),
    ...results.filter((r) => r.status === 'failed').map((r) => scenarioOf.get(r.screen)),
  ]);
  const added = missing.filter((n) => !failed.has(n));
  const left = missing.filter((n) => failed.has(n));
  const note = left.length > 0 ? `; left out (a check failed under ${generation}): ${left.join(', ')}` : '';
  if (added.length === 0)
    return { version: record.version, added, line: `${agent} ${record.version}: nothing added${note}` };
  const kept = results.filter((r) => added.includes(scenarioOf.get(r.screen) ?? ''));
  const others = readRecords(agent).filter((r) => r.version !== record.version);
  const entries = storeScreens(
    agent,
    record.version,
    screens.filter((s) => added.includes(s.scenario)),
    others,
    scratch,
    true,
  );
  const count = (status: string): number => kept.filter((r) => r.status === status).length;
  const [own, ...rest] = record.checks;
  const merged = own
    ? { ...own, passed: own.passed + count('passed'), skipped: own.skipped + count('skipped') }
    : { generation, passed: count('passed'), failed: 0, skipped: count('skipped'), failures: [] };
  writeRecord({
    ...record,
    reason: `${record.reason}; extended on ${new Date().toISOString().slice(0, 10)} with ${added.join(', ')}`,
    screens: [...record.screens, ...entries],
    checks: [merged, ...rest],
  });
  return {
    version: record.version,
    added,
    line: `${agent} ${record.version}: extended with ${added.length} scenario(s)${note}`,
  };
}
