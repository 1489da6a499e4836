import type { Locator, Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import AxeBuilder from './axe';
import { docShot } from './docShot';
import { expect, test } from './fixtures';

/**
 * Simulation on the screen (issue 43, docs/simulation.md "On the screen"): the bundled sshd log →
 * Discover → Create simulation model → the Fidelity region; then the Experiment view on the model,
 * 20 replications varying the arrival interval, with a histogram per headline metric and the table
 * of both variants; the workspace's Experiment button and Cancel; 1440 and 390 px, both themes, axe.
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

/** Discover on the sshd example, then Create simulation model: the Fidelity region. */
async function createModel(page: Page): Promise<Locator> {
  await openExample(page);
  await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Discover', exact: true }).click();
  await expect(page.getByText(/^519 cases, 2,000 events/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create simulation model' }).click();
  const fidelity = page.getByRole('region', { name: 'Fidelity' });
  await expect(fidelity).toBeVisible({ timeout: 60_000 });
  return fidelity;
}

/** The page does not scroll sideways (at 390 px). */
async function noSideways(page: Page): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

/** axe on the page, in the current theme and then the other: no serious violation. */
async function axeBothThemes(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const theme = await page.locator('html').getAttribute('data-theme');
    const violations = await new AxeBuilder(page).seriousViolations();
    expect(violations, `${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  }
}

test.describe('Simulation', () => {
  test('sshd → Discover → Create simulation model → Fidelity; Experiment of 20 replications varying the arrival interval; screenshots', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const fidelity = await createModel(page);
    // The figures, each read in words, and the edges of the log in a table.
    for (const name of ['Cycle-time distance', 'Variant distance', 'Arrival-rate ratio'])
      await expect(fidelity.getByText(name, { exact: true })).toBeVisible();
    await expect(fidelity.getByText(/^Cases arrive /)).toBeVisible();
    const edges = fidelity.getByRole('table', { name: 'Edge frequency ratios' });
    await expect(edges.locator('tbody tr')).toHaveCount(13);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      for (let i = 0; i < 2; i++) {
        const theme = (await page.locator('html').getAttribute('data-theme')) ?? 'light';
        await fidelity.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await noSideways(page);
        await page.screenshot({ path: docShot(`docs/screenshots/simulation-fidelity-${width}-${theme}.png`) });
        await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
      }
    }
    await axeBothThemes(page);

    // The model is in the library: open the Experiment on it.
    await page.setViewportSize({ width: 1440, height: 900 });
    await fidelity.getByRole('button', { name: 'Experiment' }).click();
    await expect(page).toHaveURL(/view=experiment&template=/);
    await expect(page.getByRole('heading', { name: 'Experiment' })).toBeVisible();
    const parameter = page.getByRole('combobox', { name: 'Parameter to vary' });
    // The arrival interval is offered first, with its current value.
    await expect(parameter).toHaveValue('arrivals.arrivals.scale');
    await expect(parameter.locator('option:checked')).toHaveText(/now 1$/);
    await expect(page.getByRole('spinbutton', { name: 'Replications' })).toHaveValue('20');
    await page.getByRole('textbox', { name: 'Values to try' }).fill('1, 0.5');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Replications run' });
    await expect(progress).toBeVisible();
    await expect(page.getByText('20 of 20 replications done.')).toBeVisible({ timeout: 240_000 });
    await expect(progress).toHaveAttribute('value', '20');
    // The address keeps the experiment.
    await expect(page).toHaveURL(/vary=arrivals\.arrivals\.scale/);

    const hists = page.getByRole('region', { name: 'Histograms over replications' });
    for (const m of ['cases.count', 'cases.cycleTimeMs', 'cases.arrivalRatePerHour', 'run.steps'])
      await expect(hists.getByRole('figure', { name: m })).toBeVisible();
    await expect(hists.locator('canvas')).toHaveCount(4);
    await expect(hists.getByRole('figure', { name: 'cases.count' })).toContainText(
      /arrivals\.arrivals\.scale=0\.5: mean [\d,.]+ \(95 % CI/,
    );
    const table = page.getByRole('table', { name: 'Variants compared' });
    await expect(table.getByRole('columnheader', { name: 'arrivals.arrivals.scale=1', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'arrivals.arrivals.scale=0.5', exact: true })).toBeVisible();
    // Twice the arrivals over the same horizon: more cases, beyond the noise.
    await expect(table.getByRole('row', { name: /^cases\.count / })).toContainText(
      /\* \+[\d,.]+ \(95 % CI .*excludes 0/,
    );

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      for (let i = 0; i < 2; i++) {
        const theme = (await page.locator('html').getAttribute('data-theme')) ?? 'light';
        await noSideways(page);
        await page.screenshot({ path: docShot(`docs/screenshots/simulation-experiment-${width}-${theme}.png`) });
        await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
      }
    }
    await axeBothThemes(page);
  });

  test('the workspace opens Experiment on its template; Cancel stops a run under way', async ({ page }) => {
    test.setTimeout(300_000);
    const fidelity = await createModel(page);
    await fidelity.getByRole('button', { name: 'Open model in workspace' }).click();
    await expect(page.getByRole('table', { name: 'Nodes' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Experiment', exact: true }).click();
    await expect(page).toHaveURL(/view=experiment&template=/);
    const reps = page.getByRole('spinbutton', { name: 'Replications' });
    await reps.fill('400');
    await reps.press('Tab');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByText(/^[1-9]\d* of 400 replications…/)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/^Cancelled after \d+ of 400 replications\./)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Histograms over replications' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  });
});
