import { test, expect } from './fixtures';
import { openPanel, openTemplate, runToEnd } from './panelHelpers';

test.describe('ledger panel', () => {
  test('lists the events up to the shown step and filters them by node and operation', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const ledger = await openPanel(page, 'Ledger');
    // 112 events, as `node bin/flowledger.mjs run examples/order-pipeline.json` reports.
    await expect(ledger.getByText(/^112\s+events up to step 18/)).toBeVisible();
    const grid = ledger.getByRole('grid', { name: 'Ledger events' });
    await expect(grid).toHaveAttribute('aria-rowcount', '113');
    await expect(grid.getByRole('row').nth(1)).toContainText('TOKEN_GENERATED');

    await ledger.getByRole('combobox', { name: 'Node' }).selectOption({ label: 'Incoming orders' });
    await expect(ledger.getByText(/^12\s+events up to step 18/)).toBeVisible();
    await ledger.getByRole('combobox', { name: 'Node' }).selectOption({ label: 'All nodes' });
    await ledger.getByRole('combobox', { name: 'Operation' }).selectOption('TOKEN_COLLECTED');
    const rows = grid.getByRole('row');
    await expect(rows.nth(1)).toContainText('TOKEN_COLLECTED');
    await expect(rows.filter({ hasText: 'TOKEN_GENERATED' })).toHaveCount(0);
    // The four sinks collected 14 tokens (`node bin/flowledger.mjs run examples/order-pipeline.json`: 3 + 7 + 2 + 2).
    await expect(ledger.getByText(/^14\s+events up to step 18/)).toBeVisible();
  });

  test('a row click selects its node, shows its token data and moves the timeline to its step', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const ledger = await openPanel(page, 'Ledger');
    await ledger.getByRole('combobox', { name: 'Node' }).selectOption({ label: 'Route by size' });
    const row = ledger.getByRole('grid', { name: 'Ledger events' }).getByRole('row').nth(1);
    await expect(row).toContainText('TOKEN_ROUTED');
    const step = Number(await row.getByRole('gridcell').nth(1).textContent());
    await row.click();

    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuenow', String(step));
    await expect(page.getByText(`Step ${step} of 18`)).toBeVisible();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const detail = ledger.getByRole('complementary', { name: 'Selected event' });
    await expect(detail).toContainText('TOKEN_ROUTED');
    await expect(detail.getByLabel('Input token data')).toContainText('"tier"');
    await expect(page.getByRole('region', { name: 'Inspector' })).toContainText('Route by size');
    // The ledger now shows only what had happened by that step.
    await expect(ledger.getByText(new RegExp(`events? up to step ${step}(?!\\d)`))).toBeVisible();
  });

  test('rows can be walked with the keyboard, and Enter selects one', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const ledger = await openPanel(page, 'Ledger');
    const rows = ledger.getByRole('grid', { name: 'Ledger events' }).getByRole('row');
    await rows.nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(3)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    // The seek reloads the ledger up to the chosen step; keys pressed while it loads act on the rows
    // being replaced, so wait for the ledger to be ready, as a person waits for the rows to settle.
    await expect(ledger.getByText('loading…')).toHaveCount(0);
    await expect(rows.nth(3)).toBeFocused();
    // End reaches the last row even when it is outside the drawn window (the table scrolls to it).
    await page.keyboard.press('End');
    await expect(ledger.locator('[role="row"]:focus')).toHaveAttribute('aria-rowindex', /^\d+$/);
    const last = Number(await ledger.locator('[role="row"]:focus').getAttribute('aria-rowindex'));
    expect(last).toBe(Number(await ledger.getByRole('grid', { name: 'Ledger events' }).getAttribute('aria-rowcount')));
  });

  test('keyboard focus stays on the rows while a seek reloads them', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const ledger = await openPanel(page, 'Ledger');
    const grid = ledger.getByRole('grid', { name: 'Ledger events' });
    const rows = grid.getByRole('row');
    await rows.nth(1).focus();
    await page.keyboard.press('ArrowDown');
    // Enter seeks to an early step, so the ledger shrinks; End pressed at once aims at the last row
    // of the longer ledger, which the reload then removes. Focus must land on the new last row.
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await expect(ledger.getByText('loading…')).toHaveCount(0);
    const focused = ledger.locator('[role="row"]:focus');
    await expect(focused).toHaveAttribute('aria-rowindex', await grid.getAttribute('aria-rowcount').then(String));
    await page.keyboard.press('Home');
    await expect(rows.nth(1)).toBeFocused();
  });
});
