import { defineConfig } from 'vitest/config';

// Unit and contract tests run in Node. Playwright specs (tests/e2e/*.spec.ts) are not vitest's.
// The contract tests (tests/unit/api) run twice: with the client over `fetch` (as outside clients
// reach the API) and over the page's in-page transport (the same handlers, no service worker).
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
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
