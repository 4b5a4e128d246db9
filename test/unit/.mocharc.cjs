module.exports = {
  require: ['tsx/cjs'],
  spec: ['test/unit/**/*.test.ts'],
  reporter: 'test/support/tally-reporter.cjs',
  'reporter-option': ['tier=unit'],
  timeout: 20000,
};
