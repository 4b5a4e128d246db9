// Live tier: the newest real client of every agent in tmux against the loopback fake model,
// and each seed version at 80x24 (seed-versions.test.ts). The first run installs the clients into
// ${AKK_AGENT_CACHE:-~/.cache/akk/agents} (see src/qualify). AKK_LIVE_PART (alone, a or b) runs one
// part of the tier, as scripts/test-all.sh does (parts.cjs).
const part = process.env.AKK_LIVE_PART;
module.exports = {
  // AKK_LIVE_LOAD=N keeps N cores busy for the run (the loaded part, parts.cjs).
  require: [
    'tsx/cjs',
    'test/support/agent-fixture.ts',
    ...(process.env.AKK_LIVE_LOAD ? ['test/support/cpu-load.ts'] : []),
  ],
  spec: part ? require('./parts.cjs').part(part) : ['test/live/**/*.test.ts'],
  reporter: 'test/support/tally-reporter.cjs',
  // A left-over `.only` would run one test and report the tier green.
  'forbid-only': true,
  'reporter-option': ['tier=live'],
  timeout: 90000,
  slow: 15000,
};
