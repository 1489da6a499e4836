import { defineConfig } from '@playwright/test';

// End-to-end tests drive the BUILT app (vite preview) in Debian's Chromium — never a downloaded
// browser. scripts/test.mjs builds the app and makes sure Chromium is installed before this runs.
// scripts/test.mjs hands in free ports; the defaults stay clear of `npm start` (4173) and
// `npm run dev` (5173) so the tests never collide with a running app.
const PORT = Number(process.env.E2E_PORT ?? 4273);
/** The development server (`npm run dev`), for the one spec that checks it works too. */
export const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 5274);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two spec files at a time: much of a test is waiting on the page (a worker's answer, a transition),
  // so a second browser fills the gaps — 8.5 min alone, 7.1 min two at a time on two cores. Each test
  // has its own browser context (own IndexedDB, own service worker registration).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // The machines running the suite are shared: a step that takes 50 ms alone can take ten times that.
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${DEV_PORT} --strictPort`,
      url: `http://127.0.0.1:${DEV_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
