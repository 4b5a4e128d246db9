// The live tier in parts (scripts/test-all.sh): its tests spend most of their time waiting for a
// client to draw (about a quarter of two cores is busy), so two parts side by side take about half
// the time. Then, alone, the loaded part: the qualification on this machine of an unchanged release,
// Gemini CLI's question flows and one flow per agent, with both cores kept busy (AKK_LIVE_LOAD=2,
// cpu-load.ts), as on a laptop during a build: each must give the same result as on a quiet machine.
// The parts are balanced by each file's seconds as measured here (test-artifacts/timings-live.txt
// after a run); a file not listed counts as TYPICAL seconds. Part `a` leaves room for the run with
// the portable process table that follows it (.mocharc.posix.cjs).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const LOADED = [
  'test/live/qualify-on-this-machine.test.ts',
  'test/live/gemini-questions.test.ts',
  'test/live/dialog-words-in-reply.test.ts',
];
const SECONDS = {
  'test/live/seed-versions.test.ts': 165,
  'test/live/claude-renderings.test.ts': 91,
  'test/live/claude-hold.test.ts': 57,
  'test/live/terminal-endpoint.test.ts': 44,
  'test/live/claude.test.ts': 40,
  'test/live/claude-daily-prompts.test.ts': 37,
  'test/live/gemini-terminal.test.ts': 30,
  'test/live/unqualified-version.test.ts': 28,
  'test/live/claude-lifecycle.test.ts': 28,
  'test/live/eager-clients.test.ts': 26,
  'test/live/claude-server.test.ts': 26,
  'test/live/codex.test.ts': 25,
  'test/live/gemini-questions.test.ts': 30,
  'test/live/gemini-checklist.test.ts': 25,
  'test/live/gemini-confirmations.test.ts': 22,
  'test/live/gemini-renderings.test.ts': 21,
  'test/live/dialog-words-in-reply.test.ts': 27,
  'test/live/qualify-recapture.test.ts': 40,
};
const TYPICAL = 12;
/** The seconds of the run with the portable process table, which follows part `a`. */
const AFTER_A = 60;

/** Every live test file, as mocha's spec names it. */
function allFiles() {
  return fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.posix.join('test/live', f));
}

/** The files of one part: `loaded`, `a` or `b`. */
function part(name) {
  if (name === 'loaded') return LOADED;
  if (name !== 'a' && name !== 'b') throw new Error(`AKK_LIVE_PART is loaded, a or b, not ${name}`);
  const load = { a: AFTER_A, b: 0 };
  const files = { a: [], b: [] };
  const weight = (f) => SECONDS[f] ?? TYPICAL;
  const rest = allFiles().filter((f) => !LOADED.includes(f));
  for (const f of rest.sort((x, y) => weight(y) - weight(x) || x.localeCompare(y))) {
    const to = load.a <= load.b ? 'a' : 'b';
    files[to].push(f);
    load[to] += weight(f);
  }
  return files[name];
}

module.exports = { part };
