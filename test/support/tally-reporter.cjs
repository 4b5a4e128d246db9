// Mocha reporter: the usual spec output, plus a tally line appended to $AKK_TALLY
// so that scripts/test-all.sh can print one total over every tier.
'use strict';
const fs = require('node:fs');
const Mocha = require('mocha');

class TallyReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const tier =
      (options && options.reporterOptions && options.reporterOptions.tier) || process.env.AKK_TIER || 'tests';
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const s = runner.stats || { passes: 0, failures: 0, pending: 0 };
      const file = process.env.AKK_TALLY;
      if (file) fs.appendFileSync(file, `${tier} ${s.passes} ${s.failures} ${s.pending}\n`);
    });
  }
}
module.exports = TallyReporter;
