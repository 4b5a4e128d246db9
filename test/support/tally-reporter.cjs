// Mocha reporter: the usual spec output, plus a tally line appended to $AKK_TALLY
// so that scripts/test-all.sh can print one total over every tier, and each failure's title and
// first line appended to $AKK_TALLY.failures, which the summary repeats where CI's tail shows it;
// and the time each test file took (its tests and hooks), slowest first, in
// test-artifacts/timings-<tier>.txt, to see where a tier's time goes.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

/** One line: the tier, the test's whole title and the first line of what it failed with. */
function failureLine(tier, test, err) {
  const first = String((err && err.message) || err || '')
    .split('\n')
    .find((line) => line.trim() !== '');
  return `${tier}: ${test.fullTitle()}: ${(first || 'failed').trim().slice(0, 1200)}\n`;
}

/** Appends each file's seconds, slowest first, to test-artifacts/timings-<tier>.txt. */
function writeTimings(tier, spent) {
  const rows = [...spent].sort((a, b) => b[1] - a[1]).map(([f, ms]) => `${(ms / 1000).toFixed(1)}\t${f}\n`);
  try {
    fs.mkdirSync('test-artifacts', { recursive: true });
    fs.appendFileSync(path.join('test-artifacts', `timings-${tier}.txt`), rows.join(''));
  } catch {
    // the timings are a help, never a reason for the run to fail
  }
}

class TallyReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const tier =
      (options && options.reporterOptions && options.reporterOptions.tier) || process.env.AKK_TIER || 'tests';
    const file = process.env.AKK_TALLY;
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, err) => {
      if (file) fs.appendFileSync(`${file}.failures`, failureLine(tier, test, err));
    });
    const spent = new Map();
    const add = (runnable) => {
      const key = path.relative(process.cwd(), runnable.file || '(no file)');
      spent.set(key, (spent.get(key) || 0) + (runnable.duration || 0));
    };
    runner.on(Mocha.Runner.constants.EVENT_TEST_END, add);
    runner.on(Mocha.Runner.constants.EVENT_HOOK_END, add);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const s = runner.stats || { passes: 0, failures: 0, pending: 0 };
      if (file) fs.appendFileSync(file, `${tier} ${s.passes} ${s.failures} ${s.pending}\n`);
      writeTimings(tier, spent);
    });
  }
}
module.exports = TallyReporter;
