import { test as base, expect, type Page } from '@playwright/test';

/**
 * The shared end-to-end fixture: every page a test opens is watched for console errors, uncaught
 * exceptions and Content-Security-Policy violations, and the test fails if any occurred — a page that
 * "looks right" while logging errors is not right.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      watch(page, problems);
      await use(problems);
      expect(problems, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Not pure: records `page`'s console errors, uncaught exceptions and CSP violations in `problems`. */
export function watch(page: Page, problems: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  page.on('framenavigated', async (frame) => {
    if (frame !== page.mainFrame()) return;
    // Report CSP violations, which Chromium otherwise only logs.
    await frame
      .evaluate(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
        });
      })
      .catch(() => undefined);
  });
}

export { expect };
