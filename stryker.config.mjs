// Mutation testing of the cores (issue 30): Stryker plants one small bug at a time in src/engine,
// src/parser and the API's status-code paths and runs the unit tests that cover it; a mutant no test
// notices is a gap. `npm run mutate` runs it all (hours on a shared machine); narrow it with
// `npm run mutate -- --mutate 'src/engine/behaviors/**/*.ts'`. Results accumulate in the incremental
// file (git-ignored: about 3 KB per mutant), so a later run only re-tests mutants whose code or
// covering tests changed.
// See docs/quality.md for the scores and the mutants judged equivalent.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/engine/**/*.ts',
    'src/parser/**/*.ts',
    'src/api/status.ts',
    'src/api/errors.ts',
    'src/api/route.ts',
    'src/api/handlers/*.ts',
    '!**/index.ts',
    '!**/types.ts',
  ],
  // Static mutants (in module-level constants) need every test to run for each of them; they are
  // counted as "ignored" and listed per folder in docs/quality.md rather than silently dropped.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // Two cores shared with others: two test processes at most; run it under `nice` (see docs/quality.md).
  concurrency: 2,
  timeoutMS: 5_000,
  timeoutFactor: 2,
  thresholds: { high: 85, low: 70, break: null },
};
