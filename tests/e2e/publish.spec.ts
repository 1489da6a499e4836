import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';
import { serveStatic, type StaticHost } from './staticHost';

/**
 * Publishing: the built `dist/` on a plain static host under a sub-path, offline after one visit,
 * a new deploy noticed, installable, and the Content-Security-Policy binding the engine's worker.
 * Each test serves its own copy of dist/, so one test's "deploy" does not leak into another.
 */
type Handle = { flowledger?: { api: EngineAPIService } };

const dist = join(process.cwd(), 'dist');
let folder = '';
let host: StaticHost;

test.beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'flowledger-dist-'));
  cpSync(dist, folder, { recursive: true });
  host = await serveStatic(() => folder);
});

test.afterEach(async () => {
  await host.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Opens the app at `url`, waits for its API, and asserts the build's service worker controls it. */
async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${host.url}sw.js`);
}

/** Runs the first stored example to the end through the page's own API client; its status and events. */
function runFirstExample(page: Page) {
  return page.evaluate(async () => {
    const api = (window as Handle).flowledger!.api;
    const { templates } = await api.listTemplates();
    const template = templates.find((t) => t.name.length > 0)!;
    const { executionId } = await api.createExecution(template.id);
    const end = await api.executeStep(template.id, executionId, 'end');
    const record = await api.getExecution(executionId);
    return {
      name: template.name,
      count: templates.length,
      status: record.status,
      ledgerSize: record.ledgerSize,
      step: end.step,
    };
  });
}

test.describe('publishing on a static host', () => {
  test('works from a sub-path of a plain static host, and after a reload of a deep link', async ({ page }) => {
    await openApp(page, host.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Flowledger' })).toBeVisible();
    const run = await runFirstExample(page);
    expect(run.status).toBe('completed');
    expect(run.ledgerSize).toBeGreaterThan(0);

    // A deep link inside the app keeps its view in the query and fragment, never in the path, so a
    // static host without rewrites serves it; a reload on it brings the app back.
    await openApp(page, `${host.url}?view=workspace#/templates/x`);
    await page.reload();
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    await expect(page.getByRole('navigation', { name: 'Templates' })).toBeVisible();
  });

  test('loads and runs with the network off after one visit', async ({ page, context }) => {
    await openApp(page, host.url);
    // Every file of the build is in the versioned cache before the worker took control.
    const cached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith('flowledger-shell-'));
      const cache = await caches.open(names[0]!);
      return { names, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.urls).toEqual(expect.arrayContaining(['/demo/index.html', '/demo/manifest.webmanifest']));
    expect(cached.urls.some((u) => /\/demo\/assets\/engine\.worker-.*\.js$/.test(u))).toBe(true);

    await context.setOffline(true);
    await host.close(); // and the host is gone too: nothing may come from it now
    await page.reload();
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    // Open an example from the list and run it to the end, as a person would, with no network.
    await page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name: 'Order pipeline' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Order pipeline' })).toBeVisible();
    await page.getByRole('button', { name: 'Run to end', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed');
    await expect(page.locator('[data-hash]')).toHaveAttribute('data-hash', /^[0-9a-f]{64}$/);
    host = await serveStatic(() => folder); // for afterEach
  });

  test('notices a new deploy on the next visit and offers a reload', async ({ page }) => {
    await openApp(page, host.url);
    await expect(page.getByRole('status').filter({ hasText: 'updated' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');

    // "Deploy" a new build: the same files with one changed; the build's worker names a new version.
    const sw = join(folder, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = "([0-9a-f]+)";/, 'const VERSION = "$1-next";'));

    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'Flowledger was updated' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    // The old build's cache is kept for the page that still runs it; the new one is there too.
    const names = await page.evaluate(async () =>
      (await caches.keys()).filter((n) => n.startsWith('flowledger-shell-')),
    );
    expect(names).toHaveLength(2);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
  });

  test('is installable: a valid web app manifest with icons', async ({ page, request }) => {
    await openApp(page, host.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestUrl = new URL(href!, host.url).href;
    const manifest = await (await request.get(manifestUrl)).json();
    expect(manifest).toMatchObject({ name: 'Flowledger', display: 'standalone', start_url: './', scope: './' });
    const sizes = (manifest.icons as { sizes: string; type: string; src: string }[]).map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const r = await request.get(new URL(icon.src, manifestUrl).href);
      expect(r.ok(), icon.src).toBe(true);
      expect(r.headers()['content-type']).toBe(icon.type);
    }
  });

  // Guards the header on scripts: with src/sw/appShell.js setting the policy on pages only (`/html/`
  // instead of `/javascript|html/` in withPolicy), the worker compiled the string timer and this test
  // failed with Expected "refused", Received "compiled".
  test('binds the engine worker by the Content-Security-Policy the service worker serves: eval is refused there', async ({
    page,
  }) => {
    await openApp(page, host.url);
    // The engine worker starts with the first API call.
    await page.evaluate(() => (window as Handle).flowledger!.api.listTemplates());
    await expect.poll(() => page.workers().length).toBeGreaterThan(0);
    const engine = page.workers().find((w) => /engine\.worker/.test(w.url()))!;
    // Code the worker compiles itself (a string timer) — DevTools evaluation would bypass the policy.
    const outcome = await engine.evaluate(async () => {
      const scope = self as unknown as { __compiled?: boolean };
      setTimeout('self.__compiled = true', 0);
      await new Promise((r) => setTimeout(r, 100));
      return scope.__compiled === true ? 'compiled' : 'refused';
    });
    expect(outcome).toBe('refused');
  });
});
