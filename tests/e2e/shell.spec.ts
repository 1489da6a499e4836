import { test, expect } from './fixtures';

test.describe('app shell', () => {
  test('renders the product name and the welcome view with no console errors', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByRole('heading', { level: 1, name: 'Flowledger' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pick a workflow to simulate' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Templates' })).toBeVisible();
    await expect(page).toHaveTitle('Flowledger');
  });

  test('is served under a Content-Security-Policy that forbids eval', async ({ page, pageProblems }) => {
    await page.goto('./');
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // The policy is in force: a string compiled by the page (here a string timer, which the page
    // itself compiles later — DevTools evaluation would bypass the policy) is refused.
    const evalRefused = await page.evaluate(async () => {
      const w = window as unknown as { __compiled?: boolean };
      setTimeout('window.__compiled = true', 0);
      await new Promise((r) => setTimeout(r, 100));
      return w.__compiled !== true;
    });
    expect(evalRefused).toBe(true);
    // The refusal we provoked is the one expected violation; anything else still fails the test.
    const provoked = (p: string) => /eval|unsafe-eval|script-src/i.test(p);
    expect(pageProblems.some(provoked)).toBe(true);
    pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !provoked(p)));
  });
});

test.describe('Content-Security-Policy in the engine worker', () => {
  test('npm start serves the policy as a header, so eval is refused inside the Web Worker too', async ({ page }) => {
    const response = await page.goto('./');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForFunction(() => (window as { flowledger?: unknown }).flowledger !== undefined);
    await page.evaluate(() =>
      (
        window as unknown as { flowledger: { api: { listTemplates(): Promise<unknown> } } }
      ).flowledger.api.listTemplates(),
    );
    await expect.poll(() => page.workers().some((w) => /engine\.worker/.test(w.url()))).toBe(true);
    const engine = page.workers().find((w) => /engine\.worker/.test(w.url()))!;
    // Code the worker compiles itself (a string timer); DevTools evaluation would bypass the policy.
    const outcome = await engine.evaluate(async () => {
      const scope = self as unknown as { __compiled?: boolean };
      setTimeout('self.__compiled = true', 0);
      await new Promise((r) => setTimeout(r, 100));
      return scope.__compiled === true ? 'compiled' : 'refused';
    });
    expect(outcome).toBe('refused');
  });
});

test.describe('console-error guard', () => {
  // Proves the shared fixture can fail: a page that logs an error must fail its test. `test.fail()`
  // turns that expected failure into a pass — and would report this test as failing if the guard
  // ever stopped catching errors.
  test('fails a test whose page logs a console error', async ({ page }) => {
    test.fail();
    await page.goto('./');
    await page.evaluate(() => console.error('deliberate error for the guard test'));
  });
});
