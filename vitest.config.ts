import { defineConfig } from 'vitest/config';

// Unit and contract tests run in Node. Playwright specs (tests/e2e/*.spec.ts) are not vitest's.
// The contract tests (tests/unit/api) run twice: with the client over `fetch` (as outside clients
// reach the API) and over the page's in-page transport (the same handlers, no service worker).
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Each worker process keeps its modules between test files instead of importing them anew for
    // every file: a quarter less CPU for the suite (import was ~100 s of its ~260 s). Files that
    // change globals restore them (vi.unstubAllGlobals in afterEach); the timed tests read the
    // process's CPU time (tests/unit/timeBudget.ts), which the forks pool keeps per worker.
    pool: 'forks',
    isolate: false,
    // Property tests run from a fixed seed (FC_SEED to choose another): tests/unit/propertySeed.ts.
    setupFiles: ['tests/unit/propertySeed.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api-in-page',
          include: ['tests/unit/api/**/*.test.ts'],
          env: { FLOWLEDGER_TRANSPORT: 'in-page' },
        },
      },
    ],
  },
});
