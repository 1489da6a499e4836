import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { installPackedPackage, ROOT, sh, type Installed } from '../unit/package/installed';
import { expect, test } from './fixtures';
import { serveStatic, type StaticHost } from './staticHost';

/**
 * `<flowledger-player>` from the installed package (issue 45): the checkout is packed and installed
 * into a fresh project (as tests/unit/package/pack.test.ts does), and the element
 * - on a static page that loads `flowledger/player` from node_modules through an import map (plain
 *   files, no bundler), and
 * - on a page of a site built by Vite from that project,
 * plays order-pipeline.json to the end, and its `flowledger-ended` event carries the ledger hash the
 * installed command line prints for the same file.
 */
let installed: Installed;
let host: StaticHost;
let cliHash: string;
let cliSteps: number;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  installed = installPackedPackage();
  const dir = installed.dir;
  const example = join(dir, 'node_modules/flowledger/examples/order-pipeline.json');
  const run = JSON.parse(sh(process.execPath, [join(dir, 'node_modules/.bin/flowledger'), 'run', example], dir)) as {
    ledgerHash: string;
    steps: number;
  };
  cliHash = run.ledgerHash;
  cliSteps = run.steps;

  cpSync(example, join(dir, 'order-pipeline.json'));
  writeFileSync(
    join(dir, 'static.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs page</title><link rel="icon" href="data:,">
<script type="importmap">{"imports": {"flowledger/player": "./node_modules/flowledger/dist-lib/player/player.js"}}</script>
<script type="module">import 'flowledger/player';</script>
</head><body><h1>Our workflow</h1>
${PLAYER}
${RECORDER}
</body></html>`,
  );

  // A Vite site in the same project: its entry imports the package by name.
  const site = join(dir, 'site');
  mkdirSync(join(site, 'public'), { recursive: true });
  cpSync(example, join(site, 'public/order-pipeline.json'));
  writeFileSync(join(site, 'main.js'), "import 'flowledger/player';\n");
  writeFileSync(
    join(site, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vite docs page</title><link rel="icon" href="data:,">
<script type="module" src="./main.js"></script></head><body><h1>Our workflow</h1>
${PLAYER}
${RECORDER}
</body></html>`,
  );
  sh(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--base', './', '--logLevel', 'warn'],
    site,
  );
  host = await serveStatic(() => dir);
});

test.afterAll(async () => {
  await host?.close();
  if (installed) rmSync(dirname(installed.dir), { recursive: true, force: true });
});

const PLAYER = '<flowledger-player src="order-pipeline.json" autoplay speed="30" height="300"></flowledger-player>';
/** Every event of the element, recorded in `window.received` (inline, before the element upgrades). */
const RECORDER = `<script>
  window.received = [];
  for (const type of ['flowledger-ready', 'flowledger-step', 'flowledger-ended', 'flowledger-error'])
    document.addEventListener(type, (e) => window.received.push({ type, ...e.detail }));
</script>`;

type Received = { type: string; step?: number; ledgerHash?: string; message?: string };
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

async function playsToTheEnd(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const player = page.locator('flowledger-player');
  // The player renders in the element's shadow root (Playwright's locators pierce it).
  await expect(player.getByRole('heading', { name: 'Order pipeline' })).toBeVisible({ timeout: 30_000 });
  await expect(player.getByText(`Step ${cliSteps} of ${cliSteps}`)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain('flowledger-ended');
  const all = await received(page);
  expect(all.filter((m) => m.type === 'flowledger-error')).toEqual([]);
  const ended = all.find((m) => m.type === 'flowledger-ended')!;
  expect(ended.ledgerHash).toBe(cliHash);
  expect(ended.step).toBe(cliSteps);
  expect(all.filter((m) => m.type === 'flowledger-step').length).toBeGreaterThan(0);
  // Its own styles, in its shadow root: none was added to the page's head (Cytoscape adds its one
  // rule for its container there itself).
  const headStyles = await page.evaluate(() => [...document.head.querySelectorAll('style')].map((s) => s.textContent));
  expect(headStyles.filter((css) => !css?.startsWith('.__________cytoscape_container'))).toEqual([]);
  expect(await player.evaluate((el) => el.shadowRoot!.querySelectorAll('style').length)).toBeGreaterThan(1);
  // No service worker and no IndexedDB database of the page's.
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual([]);
}

test('<flowledger-player> from the installed package on a static page plays to the end with the CLI ledger hash', async ({
  page,
}) => {
  await playsToTheEnd(page, `${host.url}static.html`);
});

test('<flowledger-player> inside a Vite-built page plays to the end with the CLI ledger hash', async ({ page }) => {
  await playsToTheEnd(page, `${host.url}site/dist/index.html`);
});
