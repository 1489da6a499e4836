import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import AxeBuilder from './axe';
import { docShot } from './docShot';
import { expect, test } from './fixtures';

/**
 * The Discover screen with time (issue 42, docs/discovery.md): the bundled sshd log, parsed with its
 * clock, drawn as a performance map — mean times on every path, the Bottlenecks, the case-duration
 * histogram — its variants shown on the map and kept in the address, the replay of its cases at log
 * time, and the map's SVG / PNG exports; both themes, 1440 and 390 px.
 */
type Handle = { flowledger?: { api: EngineAPIService } };

async function openExample(page: Page): Promise<void> {
  await page.goto('./?view=ingest&example=openssh');
  await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  await expect(page.getByRole('note')).toContainText('Guided example');
  await expect(page.getByRole('region', { name: 'Run' }).getByRole('combobox', { name: 'DataSource' })).toHaveValue(
    'sshLog',
  );
}

const graph = (page: Page) => page.getByRole('img', { name: /^Directly-follows graph/ });

async function axeBothThemes(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const theme = await page.locator('html').getAttribute('data-theme');
    const violations = await new AxeBuilder(page).seriousViolations();
    expect(violations, `${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  }
}

/** Waits `n` animation frames of the page (no wall clock: the page's own frames). */
const frames = (page: Page, n: number) =>
  page.evaluate(
    (k) =>
      new Promise<void>((resolve) => {
        let left = k;
        const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      }),
    n,
  );

test.describe('Discover with time', () => {
  test('Performance: mean times on every path, Bottlenecks, durations; Replay plays and pauses; exports', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openExample(page);
    await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Discover', exact: true }).click();
    await expect(graph(page)).toBeVisible({ timeout: 30_000 });
    const paths = page.getByRole('table', { name: 'Paths', exact: true });
    await expect(paths.getByRole('columnheader')).toHaveText(['From', 'To', 'Count', 'Mean time']);

    await page.getByRole('radio', { name: 'Performance' }).check();
    await expect(page).toHaveURL(/[?&]mode=performance(&|$)/);
    await expect(graph(page)).toHaveAccessibleName(/^Directly-follows graph, performance/);
    await expect(paths.getByRole('columnheader')).toHaveText(['From', 'To', 'Count', 'Mean', 'Median', 'p90', 'Max']);
    // Every event of the sshd log has its line's time, so every path has times: no "—" anywhere.
    const rows = paths.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(3);
    const cells = await paths.locator('tbody td.num').allInnerTexts();
    expect(cells.filter((c) => c.trim() === '—')).toEqual([]);
    const means = await rows.locator('td:nth-child(4)').allInnerTexts();
    for (const m of means) expect(m).toMatch(/^\d+(\.\d)? (ms|s|min|h|d)( \d+ (s|min|h))?$/);

    const bottlenecks = page.getByRole('table', { name: 'Bottlenecks' });
    await expect(bottlenecks.locator('tbody tr')).toHaveCount(5);
    await expect(bottlenecks.locator('tbody th').first()).toContainText('→');
    await expect(page.getByText(/^Case durations over [\d,]+ cases: median .+, 90th percentile .+/)).toBeVisible();
    // The map says times on its edges too.
    await expect(graph(page).locator('text.count').first()).toHaveText(/\d+(\.\d)? (ms|s|min|h|d)/);

    // Exports, as shown.
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe('process-map-performance.svg');
    const text = readFileSync((await svg.path())!, 'utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('stays ');
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('process-map-performance.png');
    expect([...readFileSync((await png.path())!).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    // Replay: the readout in the log's own clock advances, then stays put once paused.
    const replay = page.getByRole('region', { name: 'Replay' });
    await replay.getByRole('button', { name: 'Replay', exact: true }).click();
    const readout = replay.getByRole('timer', { name: 'Replay time' });
    await expect(readout).toHaveText(/^[A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d$/);
    const first = await readout.innerText();
    await expect.poll(() => readout.innerText()).not.toBe(first);
    await expect(replay.getByRole('combobox', { name: 'Speed' })).toHaveValue('1');
    await replay.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(replay.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const paused = await readout.innerText();
    await frames(page, 30);
    await expect(readout).toHaveText(paused);
    // At the log's first time the first session is on its way: its token is on the map.
    await replay.getByRole('slider', { name: 'Replay position' }).fill('0');
    await expect(readout).toHaveText('Dec 10 06:55:46');
    await expect(replay.getByText(/^1 under way · 0 done/)).toBeVisible();
    await expect(graph(page).locator('circle.token')).toHaveCount(1);
    // Scrubbing moves the time; the counts on the activities follow (`n of total`).
    await replay.getByRole('slider', { name: 'Replay position' }).fill('1000');
    await expect(readout).not.toHaveText(paused);
    await expect(
      graph(page)
        .locator('text.figure')
        .filter({ hasText: / of \d+$/ })
        .first(),
    ).toBeVisible();
    if (process.env.SHOT) await page.screenshot({ path: '/tmp/perf-1440.png', fullPage: true });
    await axeBothThemes(page);
  });

  test('variants on the map: the status line, the address keeps them (reload), 390 px, both themes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openExample(page);
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Templates' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Send to run' }).click();
    await expect(page).toHaveURL(/execution=/, { timeout: 45_000 });
    await page.getByRole('button', { name: 'Discover', exact: true }).click();
    await expect(graph(page)).toBeVisible({ timeout: 30_000 });
    const status = page.getByRole('status').filter({ hasText: /variants?/i });
    await expect(status).toHaveText('All variants · 519 cases');

    const variants = page.getByRole('table', { name: 'Variants', exact: true });
    const firstCount = Number(await variants.locator('tbody tr').first().locator('td').nth(4).innerText());
    await variants.getByRole('checkbox', { name: 'Variant 1', exact: true }).check();
    const share = `${Math.round((firstCount / 519) * 1000) / 10} %`;
    await expect(status).toHaveText(`Variant 1 · ${firstCount} cases · ${share} of cases`);
    await variants.getByRole('checkbox', { name: 'Variant 3', exact: true }).check();
    await expect(status).toHaveText(/^Variants 1, 3 · \d+ cases · [\d.]+ % of cases$/);
    // The rest of the map is dimmed.
    expect(await graph(page).locator('g.edge.dim').count()).toBeGreaterThan(0);
    await page.getByRole('radio', { name: 'Performance' }).check();
    await expect(page).toHaveURL(/[?&]mode=performance&variants=1%2C3$/);

    const shown = await status.innerText();
    await page.reload();
    await expect(graph(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio', { name: 'Performance' })).toBeChecked();
    await expect(variants.getByRole('checkbox', { name: 'Variant 1', exact: true })).toBeChecked();
    await expect(variants.getByRole('checkbox', { name: 'Variant 3', exact: true })).toBeChecked();
    await expect(status).toHaveText(shown);

    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide).toBeLessThanOrEqual(0);
    await page.getByRole('region', { name: 'Replay' }).getByRole('button', { name: 'Replay', exact: true }).click();
    await expect(page.getByRole('timer', { name: 'Replay time' })).toHaveText(/^[A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d$/);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    if (process.env.SHOT) await page.screenshot({ path: '/tmp/perf-390.png', fullPage: true });
    await axeBothThemes(page);
  });

  test('screenshots of the performance map and the replay: 1440 and 390 px, light and dark', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openExample(page);
    await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Discover', exact: true }).click();
    await expect(graph(page)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'Performance' }).check();
    await expect(page.getByRole('table', { name: 'Bottlenecks' })).toBeVisible();
    const map = page.getByRole('region', { name: 'Process map' });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      for (let i = 0; i < 2; i++) {
        const theme = (await page.locator('html').getAttribute('data-theme')) ?? 'light';
        await map.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: docShot(`docs/screenshots/discover-performance-${width}-${theme}.png`) });
        // The replay paused, then moved along its position slider to the first moment a case is under
        // way (the model is pure: the same moment every time, whatever the machine's speed).
        const replay = page.getByRole('region', { name: 'Replay' });
        await replay.getByRole('button', { name: 'Replay', exact: true }).click();
        await replay.getByRole('button', { name: 'Pause', exact: true }).click();
        const position = replay.getByRole('slider', { name: 'Replay position' });
        const underWay = replay.getByText(/^[1-9]\d* under way/);
        for (let at = 1; at <= 1000 && (await underWay.count()) === 0; at++) await position.fill(String(at));
        await expect(underWay).toBeVisible();
        await expect(replay.getByRole('timer', { name: 'Replay time' })).toHaveText(/^Dec 10 /);
        await map.screenshot({ path: docShot(`docs/screenshots/discover-replay-${width}-${theme}.png`) });
        await replay.getByRole('button', { name: 'Close replay' }).click();
        await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
      }
    }
  });

  test('with reduced motion the replay steps its readout and draws no tokens', async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openExample(page);
    await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Discover', exact: true }).click();
    await expect(graph(page)).toBeVisible({ timeout: 30_000 });
    const replay = page.getByRole('region', { name: 'Replay' });
    await replay.getByRole('button', { name: 'Replay', exact: true }).click();
    const readout = replay.getByRole('timer', { name: 'Replay time' });
    await expect(readout).toHaveText('Dec 10 06:55:46');
    await expect(replay).toContainText('reduced motion');
    // One step of 10 s of log (the first speed chosen for this log) a second.
    await expect(readout).toHaveText('Dec 10 06:55:56');
    await replay.getByRole('button', { name: 'Pause', exact: true }).click();
    await replay.getByRole('slider', { name: 'Replay position' }).fill('0');
    await expect(replay.getByText(/^1 under way/)).toBeVisible();
    await expect(graph(page).locator('circle.token')).toHaveCount(0);
  });
});
