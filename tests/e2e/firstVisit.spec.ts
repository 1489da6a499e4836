import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';

/**
 * The first second of a first visit (issue 22): the app's frame is drawn from the page's own HTML
 * and CSS, before any script and before the service worker controls the page; the template list
 * answers on the in-page transport, so it works with no service worker at all. Each test runs in a
 * fresh browser context: a first visit, with nothing cached and no service worker registered.
 * (The list and the service worker then race: which comes first depends on the machine. That the
 * list needs no service worker is shown with service workers blocked, below.)
 */
type Handle = { flowledger?: { api: EngineAPIService } };
type Mark = { what: 'paint' | 'list' | 'controller'; t: number };

test.describe('first visit', () => {
  test('paints the frame before the service worker takes control, and before the template list', async ({ page }) => {
    // Records, on the page's own clock, when each of the three happens.
    await page.addInitScript(() => {
      const marks: Mark[] = [];
      (window as unknown as { marks: Mark[] }).marks = marks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (e.name === 'first-contentful-paint') marks.push({ what: 'paint', t: e.startTime });
      }).observe({ type: 'paint', buffered: true });
      navigator.serviceWorker.addEventListener('controllerchange', () =>
        marks.push({ what: 'controller', t: performance.now() }),
      );
      const seen = () => document.querySelector('nav[aria-label="Templates"] a[href]') !== null;
      const watcher = new MutationObserver(() => {
        if (!seen()) return;
        marks.push({ what: 'list', t: performance.now() });
        watcher.disconnect();
      });
      watcher.observe(document, { childList: true, subtree: true });
    });
    await page.goto('./');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const templates = page.getByRole('navigation', { name: 'Templates' });
    await expect(templates.getByRole('link', { name: 'Order pipeline' })).toBeVisible();
    // The service worker still comes, in the background: outside clients and offline use need it.
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    const marks = await page.evaluate(() => (window as unknown as { marks: Mark[] }).marks);
    const at = (what: Mark['what']) => marks.find((m) => m.what === what)?.t ?? Number.NaN;
    expect(at('paint')).toBeLessThan(at('controller'));
    expect(at('paint')).toBeLessThan(at('list'));
  });

  test('the frame is drawn by the HTML and CSS alone, with no script run', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('./');
    await expect(page.getByRole('banner')).toContainText('Flowledger');
    await expect(page.getByText('Templates', { exact: true })).toBeVisible();
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar?.height ?? 0).toBeGreaterThan(20);
    await context.close();
  });
});

test.describe('with service workers blocked', () => {
  test.use({ serviceWorkers: 'block' });

  test('the template list and a template open without any service worker', async ({ page }) => {
    await page.goto('./');
    const templates = page.getByRole('navigation', { name: 'Templates' });
    await templates.getByRole('link', { name: 'Order pipeline' }).click();
    await expect(page.getByRole('button', { name: 'Step', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect(page.getByText(/Step 1 of 1/).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
  });
});
