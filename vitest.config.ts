import { defineConfig } from 'vitest/config';

// Unit and contract tests run in Node. Playwright specs (tests/e2e/*.spec.ts) are not vitest's.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
