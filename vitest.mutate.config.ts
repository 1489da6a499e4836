import { defineConfig } from 'vitest/config';

// The unit tests that exercise the mutated code (stryker.config.mjs): the engine, its expression
// language, DSL and discovery tests, the parser's, and of the API contract tests only the two that pin
// status codes (the others run whole services and would make every engine mutant slow). One project,
// Node only, no second transport: each mutant's test run must stay short. The UI, store, CLI (it runs
// the built dist-cli, not src) and reliability suites are left to `npm test`. For the API files,
// `MUTATE_API_TESTS=all` adds every API contract test (see docs/quality.md).
const apiTests =
  process.env['MUTATE_API_TESTS'] === 'all'
    ? ['tests/unit/api/**/*.test.ts']
    : ['tests/unit/api/statusCodes.test.ts', 'tests/unit/api/errors.test.ts'];
// `MUTATE_TESTS=all`: every unit test of `npm test` that runs the source (the API, store, client and
// UI-state tests too), for re-running a sample's surviving mutants against the whole unit suite
// (scripts/mutation-sample.mjs widen). Left out: the CLI tests, which run the built dist-cli rather
// than src, and the architecture and build checks, which read files rather than run them.
const everyUnitTest = process.env['MUTATE_TESTS'] === 'all';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Property tests run from a fixed seed, as in `npm test` (tests/unit/propertySeed.ts).
    setupFiles: ['tests/unit/propertySeed.ts'],
    // Tells source-reading checks they see Stryker's instrumented copies (tests/unit/expr/safety.test.ts).
    env: { FLOWLEDGER_MUTATION: '1' },
    include: everyUnitTest
      ? ['tests/unit/**/*.test.ts']
      : [
          'tests/unit/engine/**/*.test.ts',
          'tests/unit/expr/**/*.test.ts',
          'tests/unit/dsl/**/*.test.ts',
          'tests/unit/discovery/**/*.test.ts',
          'tests/unit/parser/**/*.test.ts',
          ...apiTests,
        ],
    exclude: everyUnitTest
      ? [
          '**/node_modules/**',
          'tests/unit/cli/**',
          'tests/unit/architecture/**',
          'tests/unit/build/**',
          'tests/unit/parser/cli.test.ts',
          'tests/unit/parser/parserConfigSchema.test.ts',
          'tests/unit/reliability/cli*.test.ts',
          'tests/unit/reliability/bigExport.test.ts',
          'tests/unit/api/diff.test.ts',
        ]
      : ['**/node_modules/**'],
  },
});
