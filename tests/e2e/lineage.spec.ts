import { test, expect } from './fixtures';
import { openPanel, openTemplate, runToEnd } from './panelHelpers';
import { docShot } from './docShot';

// The order pipeline's first order, as `node bin/flowledger.mjs run examples/order-pipeline.json
// --lineage orders-1` prints it: 10 operations over these nodes, in this order.
const PATH = [
  'Incoming orders',
  'Join order and customer',
  'Route by size',
  'Invoice and book revenue',
  'Revenue per 4 orders',
  'Invoices',
  'Revenue report',
];

test.describe('lineage panel', () => {
  test('traces a correlation id: its path in order, each operation with its step and what changed', async ({
    page,
  }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('orders-1');
    await lineage.getByRole('button', { name: 'Trace' }).click();

    await expect(lineage.getByRole('list', { name: 'Path' }).getByRole('listitem')).toHaveText(
      PATH.map((name, i) => `${i + 1} ${name}`),
    );
    await expect(lineage.getByText('10 operations across 7 nodes up to step 18')).toBeVisible();
    const ops = lineage.getByRole('list', { name: 'Operations of orders-1' }).locator(':scope > li');
    await expect(ops).toHaveCount(10);
    await expect(ops.first()).toContainText('step 1');
    await expect(ops.first()).toContainText('TOKEN_GENERATED');
    await expect(ops.last()).toContainText('step 14');
    await expect(ops.last()).toContainText('Revenue report');
    // The join added the customer's fields: the diff names them.
    const join = lineage.getByRole('list', { name: 'Changes at step 2' }).last();
    await expect(join).toContainText('tier');
    await expect(join).toContainText('"gold"');
    // The URL keeps the traced id, so a reload reopens the same lineage.
    await expect(page).toHaveURL(/lineage=orders-1/);
    await page.reload();
    const again = await openPanel(page, 'Lineage');
    await expect(again.getByRole('searchbox', { name: 'Correlation id' })).toHaveValue('orders-1');
    await expect(again.getByRole('list', { name: 'Path' }).getByRole('listitem')).toHaveCount(PATH.length);
  });

  test('follows the shown step: earlier in time, the path is shorter', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('orders-1');
    await lineage.getByRole('button', { name: 'Trace' }).click();
    await expect(lineage.getByText('10 operations across 7 nodes up to step 18')).toBeVisible();
    const slider = page.getByRole('slider', { name: 'Timeline' });
    await slider.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '3');
    await expect(lineage.getByText('4 operations across 3 nodes up to step 3')).toBeVisible();
  });

  test('says so, in a sentence, for an id no token carries', async ({ page, pageProblems }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('no-such-order');
    await lineage.getByRole('button', { name: 'Trace' }).click();
    await expect(lineage.getByRole('alert')).toContainText('No token of this run carries the correlation id');
    // The service's 404 for the unknown id is the expected answer; Chromium may log it as a failed load.
    const expected = (p: string) => /status of 404/.test(p);
    pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !expected(p)));
  });

  test('screenshots: the ledger and a lineage, light and dark, wide and narrow', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const ledger = await openPanel(page, 'Ledger');
    await ledger.getByRole('grid', { name: 'Ledger events' }).getByRole('row').nth(7).click();
    await expect(ledger.getByRole('complementary', { name: 'Selected event' })).toContainText('TOKEN_TRANSFORMED');
    await ledger.screenshot({ path: docShot('docs/screenshots/panel-ledger.png') });
    await page.getByRole('slider', { name: 'Timeline' }).focus();
    await page.keyboard.press('End');
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('orders-1');
    await lineage.getByRole('button', { name: 'Trace' }).click();
    await expect(lineage.getByRole('list', { name: 'Path' }).getByRole('listitem')).toHaveCount(PATH.length);
    await lineage.getByRole('button', { name: 'Family of revenue#1 at step 13' }).click();
    await expect(lineage.getByRole('group', { name: 'Family of revenue#1' })).toContainText('Descendants');
    await lineage.screenshot({ path: docShot('docs/screenshots/panel-lineage.png') });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // Nothing overflows the page sideways at either width.
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The wide ones are kept in the docs (docs/ui.md): the workspace with a lineage open.
        await page.screenshot({
          path:
            width === 1440
              ? docShot(`docs/screenshots/workspace-lineage-${colorScheme}.png`)
              : `test-results/screens/lineage-${colorScheme}-${width}.png`,
          fullPage: width < 500,
        });
      }
    }
  });
});
