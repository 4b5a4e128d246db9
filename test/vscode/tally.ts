// What the VS Code tier (driver.ts) writes for scripts/test-all.sh: its tally line in $AKK_TALLY,
// each failure's name and first line in $AKK_TALLY.failures, and in $AKK_TALLY.files the checks
// of each phase and agent flow under its file, which scripts/judge-minimums.ts holds to
// test/min-counts-by-file.json.
import * as fs from 'node:fs';
import type { CheckResult } from './ui-support';

/** One failure for the summary of every tier (scripts/test-all.sh): its name and first line. */
export function noteFailure(name: string, detail: string | undefined): void {
  const file = process.env.AKK_TALLY;
  const first = (detail ?? '').split('\n').find((line) => line.trim() !== '') ?? 'failed';
  if (file) fs.appendFileSync(`${file}.failures`, `vscode: ${name}: ${first.trim().slice(0, 1200)}\n`);
}

export function writeTally(passed: number, failed: number, pending: number): void {
  const file = process.env.AKK_TALLY;
  if (file) fs.appendFileSync(file, `vscode ${passed} ${failed} ${pending}\n`);
}

/**
 * The checks (passed + failed) of the in-host suite and of each phase, under its file, or under the
 * flow file a check names (agent-flows.ts): scripts/judge-minimums.ts holds each to its own minimum.
 */
export function writeFileCounts(suiteRan: number, phases: ReadonlyArray<readonly [string, CheckResult[]]>): void {
  const file = process.env.AKK_TALLY;
  if (!file) return;
  const counts = new Map<string, number>([['test/vscode/suite', suiteRan]]);
  for (const [phaseFile, results] of phases)
    for (const r of results) {
      const key = r.family ?? `test/vscode/${phaseFile}`;
      counts.set(key, (counts.get(key) ?? 0) + (r.status === 'pending' ? 0 : 1));
    }
  fs.appendFileSync(`${file}.files`, [...counts].map(([f, n]) => `vscode ${f} ${n}\n`).join(''));
}
