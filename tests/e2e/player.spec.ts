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
/** The CLI's hashes for order-pipeline.json with `--seed 7`, and ssh-sessions.json with its events. */
let cliSeeded: string;
let cliWithEvents: string;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  installed = installPackedPackage();
  const dir = installed.dir;
  const example = join(dir, 'node_modules/flowledger/examples/order-pipeline.json');
  const run = JSON.parse(sh(process.execPath, [join(dir, 'node_modules/.bin/flowledger'), 'run', example], dir)) as Run;
  cliHash = run.ledgerHash;
  cliSteps = run.steps;
  const cli = (...args: string[]) =>
    (JSON.parse(sh(process.execPath, [join(dir, 'node_modules/.bin/flowledger'), 'run', ...args], dir)) as Run)
      .ledgerHash;
  cliSeeded = cli(example, '--seed', '7');
  const ssh = join(dir, 'node_modules/flowledger/examples/ssh-sessions.json');
  const sshEvents = join(dir, 'node_modules/flowledger/examples/ssh-sessions.events.ndjson');
  cliWithEvents = cli(ssh, '--events', sshEvents);
  expect(cliSeeded).not.toBe(cliHash);
  cpSync(ssh, join(dir, 'ssh-sessions.json'));
  cpSync(sshEvents, join(dir, 'ssh-sessions.events.ndjson'));
  // Two elements: one with a seed, one given its events by the `events` property.
  writeFileSync(
    join(dir, 'inputs.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs page</title><link rel="icon" href="data:,">
<script type="importmap">{"imports": {"flowledger/player": "./node_modules/flowledger/dist-lib/player/player.js"}}</script>
</head><body><h1>Two workflows</h1>
<flowledger-player id="seeded" src="order-pipeline.json" seed="7" autoplay speed="30" height="240"></flowledger-player>
<flowledger-player id="ssh" src="ssh-sessions.json" autoplay speed="30" height="240"></flowledger-player>
${RECORDER}
<script type="module">
  const text = await (await fetch('ssh-sessions.events.ndjson')).text();
  document.getElementById('ssh').events = text.split('\\n').filter(Boolean).map((line) => JSON.parse(line));
  await import('flowledger/player');
</script>
</body></html>`,
  );

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

type Run = { ledgerHash: string; steps: number };

const PLAYER = '<flowledger-player src="order-pipeline.json" autoplay speed="30" height="300"></flowledger-player>';
/** Every event of the element, recorded in `window.received` (inline, before the element upgrades). */
const RECORDER = `<script>
  window.received = [];
  for (const type of ['flowledger-ready', 'flowledger-step', 'flowledger-ended', 'flowledger-error'])
    document.addEventListener(type, (e) => window.received.push({ type, id: e.target.id, ...e.detail }));
</script>`;

type Received = { type: string; id: string; step?: number; ledgerHash?: string; message?: string };
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

test('<flowledger-player> runs with its seed attribute and its events property: the CLI ledger hashes of --seed and --events', async ({
  page,
}) => {
  await page.goto(`${host.url}inputs.html`);
  const ended = async () =>
    (await received(page)).filter((m) => m.type === 'flowledger-ended').map((m) => [m.id, m.ledgerHash]);
  await expect.poll(async () => (await ended()).length, { timeout: 60_000 }).toBe(2);
  expect((await received(page)).filter((m) => m.type === 'flowledger-error')).toEqual([]);
  expect(Object.fromEntries(await ended())).toEqual({ seeded: cliSeeded, ssh: cliWithEvents });
});
