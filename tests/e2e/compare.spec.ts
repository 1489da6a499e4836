import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import AxeBuilder from './axe';
import { test, expect } from './fixtures';
import { button, openTemplate } from './workspaceHelpers';

/**
 * Compare two runs (issue 27): Load balancer run with two seeds from the run bar, then `Compare with…`
 * the other run. The expected step and Sink counts come from `flowledger diff` on the command line,
 * for the seeds the page shows the two runs have — never from the page itself.
 */
const root = new URL('../../', import.meta.url);
const doc = JSON.parse(readFileSync(new URL('examples/load-balancer.json', root), 'utf8')) as {
  scenario: { nodes: Array<{ nodeId: string; displayName?: string; type: string }> };
};
const names = Object.fromEntries(doc.scenario.nodes.map((n) => [n.nodeId, n.displayName ?? n.nodeId]));

interface CliDiff {
  firstDivergentStep: number | null;
  sinks: Array<{ sinkId: string; a: { count: number; sum: number }; b: { count: number; sum: number } }>;
}

/** `flowledger diff examples/load-balancer.json --seed a --vs-seed b` (exit 3: the runs differ). */
function cliDiff(a: number, b: number): CliDiff {
  try {
    execFileSync(
      'node',
      ['bin/flowledger.mjs', 'diff', 'examples/load-balancer.json', '--seed', String(a), '--vs-seed', String(b)],
      { cwd: root, encoding: 'utf8' },
    );
    throw new Error('expected the runs to differ (exit 3)');
  } catch (err) {
    const e = err as { status?: number; stdout?: string };
    if (e.status !== 3) throw err;
    return JSON.parse(e.stdout!) as CliDiff;
  }
}

async function newRun(page: Page, seed: number): Promise<void> {
  const before = new URL(page.url()).searchParams.get('execution');
  await page.getByRole('textbox', { name: 'Seed' }).fill(String(seed));
  await button(page, 'New run').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('execution')).not.toBe(before);
  await expect(page.getByText('Step 0 of 0')).toBeVisible();
}

/** The cells (run a, run b, delta) of the `Differences` row headed `label`. */
async function row(page: Page, label: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Differences' });
  const r = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  await expect(r).toHaveCount(1);
  return (await r.getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

test.describe('compare', () => {
  test('Compare with… another seed: the first divergent step and the Sinks both sides, as the CLI says', async ({
    page,
  }) => {
    await openTemplate(page, 'Load balancer');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await newRun(page, 1);
    const runA = new URL(page.url()).searchParams.get('execution')!;
    await newRun(page, 2);
    // Back to the seed-1 run, then compare it with the seed-2 run.
    await page.getByRole('combobox', { name: 'Run' }).selectOption(runA);
    await expect.poll(() => new URL(page.url()).searchParams.get('execution')).toBe(runA);
    const picker = page.getByRole('combobox', { name: 'Compare with…' });
    await picker.selectOption((await picker.locator('option', { hasText: 'seed 2' }).getAttribute('value'))!);
    await button(page, 'Compare').click();

    const view = page.getByRole('region', { name: 'Compare' });
    await expect(view).toBeVisible();
    const table = view.getByRole('table', { name: 'Differences' });
    await expect(table).toBeVisible();
    // Focus lands in the view, so a keyboard user continues from there.
    await expect(view.getByRole('button', { name: 'Close compare' })).toBeFocused();
    // The seeds of both sides as the page names them; the expected answer is the CLI's for those seeds.
    const pair = await view.getByText(/^Run a .* with run b /).innerText();
    const seeds = [...pair.matchAll(/seed (\d+)/g)].map((m) => Number(m[1]));
    expect(seeds).toEqual([1, 2]);
    const want = cliDiff(seeds[0]!, seeds[1]!);
    expect(want.firstDivergentStep).not.toBeNull();

    await expect(view.getByText(`The runs diverge at step ${want.firstDivergentStep}.`)).toBeVisible();
    expect(await row(page, 'First divergent step')).toEqual([String(want.firstDivergentStep)]);
    for (const s of want.sinks) {
      const cells = await row(page, `${names[s.sinkId]} count`);
      expect(cells.slice(0, 2)).toEqual([String(s.a.count), String(s.b.count)]);
      const sums = await row(page, `${names[s.sinkId]} sum`);
      expect(sums.slice(0, 2)).toEqual([String(s.a.sum), String(s.b.sum)]);
    }
    await expect(view.getByRole('list', { name: 'Why they differ' })).toContainText(
      'Seed 1 in run a, seed 2 in run b.',
    );
    await expect(view.getByRole('table', { name: 'Differing fields' })).toBeVisible();

    // The jump: the workspace timeline goes to the first divergent step.
    await view.getByRole('button', { name: `Show step ${want.firstDivergentStep} in the timeline` }).click();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute(
      'aria-valuenow',
      String(want.firstDivergentStep),
    );

    await view.getByRole('button', { name: 'Close compare' }).focus();
    await page.keyboard.press('Enter');
    await expect(view).toHaveCount(0);
    // Focus goes back to where the comparison was started.
    await expect(button(page, 'Compare')).toBeFocused();
  });

  test('fits a 390 px screen without sideways scrolling, and passes axe-core in both themes', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTemplate(page, 'Load balancer');
    await newRun(page, 3);
    await page.getByRole('combobox', { name: 'Compare with…' }).selectOption({ index: 0 });
    await button(page, 'Compare').click();
    await expect(page.getByRole('table', { name: 'Differences' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (let i = 0; i < 2; i++) {
      const theme = await page.locator('html').getAttribute('data-theme');
      const violations = await new AxeBuilder(page).seriousViolations();
      expect(violations, `${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    }
  });
});
