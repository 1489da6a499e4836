import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Unit and contract tests run in Node. Playwright specs (tests/e2e/*.spec.ts) are not vitest's.
// The contract tests (tests/unit/api) run twice: with the client over `fetch` (as outside clients
// reach the API) and over the page's in-page transport (the same handlers, no service worker).
// Tests of the UI's state modules (`*.svelte.test.ts`: runes, as the page runs them) compile with the
// Svelte plugin, for the browser build of Svelte (its reactivity), still in Node.
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
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'tests/**/*.svelte.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'ui-state',
          include: ['tests/**/*.svelte.test.ts'],
          environment: './tests/unit/ui/state/clientEnvironment.ts',
        },
      },
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
