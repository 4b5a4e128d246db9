module.exports = {
  require: ['tsx/cjs', 'test/support/agent-fixture.ts'],
  spec: ['test/integration/**/*.test.ts'],
  reporter: 'test/support/tally-reporter.cjs',
  // A left-over `.only` would run one test and report the tier green.
  'forbid-only': true,
  'reporter-option': ['tier=integration'],
  timeout: 60000,
};
