// Mocha reporter: the usual spec output, plus a tally line appended to $AKK_TALLY
// so that scripts/test-all.sh can print one total over every tier; the tests each spec file ran
// (passed + failed; a file whose tests were all skipped counts 0) appended to $AKK_TALLY.files as
// lines "<tier> <file> <count>", which scripts/judge-minimums.ts holds to test/min-counts-by-file.json
// (a file's own minimum); each failure's title and
// first line appended to $AKK_TALLY.failures, which the summary repeats where CI's tail shows it;
// and the time each test file took (its tests and hooks), slowest first, in
// test-artifacts/timings-<tier>.txt, to see where a tier's time goes.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

const ROOT = path.resolve(__dirname, '..', '..');

/** The spec file of a test or hook, relative to the repository with forward slashes. */
function specFile(runnable) {
  if (!runnable.file) return '(no file)';
  return path.relative(ROOT, runnable.file).split(path.sep).join('/');
}

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
    // Counted as mocha's stats count: a pass or a failure (of a test or of a hook) is one test ran.
    const ran = new Map();
    const count = (runnable, n) => {
      const key = specFile(runnable);
      ran.set(key, (ran.get(key) || 0) + n);
    };
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, (test) => count(test, 1));
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, (test) => count(test, 0));
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, err) => {
      count(test, 1);
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
      if (file) {
        const rows = [...ran].sort((a, b) => a[0].localeCompare(b[0])).map(([f, n]) => `${tier} ${f} ${n}\n`);
        fs.appendFileSync(`${file}.files`, rows.join(''));
        fs.appendFileSync(file, `${tier} ${s.passes} ${s.failures} ${s.pending}\n`);
      }
      writeTimings(tier, spent);
    });
  }
}
module.exports = TallyReporter;
