import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { DEV_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';

/** The page's documented automation handle (src/main.ts). */
type Handle = { flowledger?: { api: EngineAPIService } };

/**
 * `npm run dev` is in the README's quick start: the development server must run the same in-browser
 * API. Unlike the built app, it serves every source module on its own (`/src/api/wire.ts`, …), so
 * this catches what only shows there — e.g. API handlers claiming module requests.
 */
test.describe('development server', () => {
  test('runs the in-browser API with the service worker in control', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${DEV_PORT}/`);
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined, null, { timeout: 30_000 });
    // A dev server may still reload the page once, when it finishes bundling a dependency it found
    // late; the handle is then set again by the reloaded page.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined, null, { timeout: 30_000 });
    const r = await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      const { templates } = await api.listTemplates();
      const t = templates.find((x) => x.name === 'Order pipeline')!;
      const { executionId } = await api.createExecution(t.id);
      const end = await api.executeStep(t.id, executionId, 'end');
      return { controller: navigator.serviceWorker.controller?.scriptURL ?? null, status: end.status };
    });
    expect(r.controller).toMatch(/mockServiceWorker\.js$/);
    expect(r.status).toBe('completed');
  });
});
