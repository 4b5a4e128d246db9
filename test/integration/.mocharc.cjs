module.exports = {
  require: ['tsx/cjs'],
  spec: ['test/integration/**/*.test.ts'],
  reporter: 'test/support/tally-reporter.cjs',
  'reporter-option': ['tier=integration'],
  timeout: 60000,
};
