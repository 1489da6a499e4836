import { test, expect } from './fixtures';
import { button, expected, nodesTable, openTemplate } from './workspaceHelpers';

const order = expected('order-pipeline');

test.describe('scrubber', () => {
  test('dragging the timeline to step 3 shows the step-3 counts; continuing gives the same final hash', async ({
    page,
  }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    const slider = page.getByRole('slider', { name: 'Timeline' });
    await slider.fill('3');
    await expect(slider).toHaveAttribute('aria-valuenow', '3');
    await expect(page.getByText('Step 3 of 10')).toBeVisible();
    const at3 = order.statesAt(3);
    await expect
      .poll(async () => Object.fromEntries(Object.entries(await nodesTable(page)).map(([k, v]) => [k, v.processed])))
      .toEqual(Object.fromEntries(Object.entries(at3).map(([id, s]) => [order.names[id], s.tokensProcessed])));
    // Scrubbing never advanced the run: the live step is still 10.
    await expect(page.getByText('Step 3 of 10')).toBeVisible();
    // Step from an earlier step only moves the view.
    await button(page, 'Step').click();
    await expect(page.getByText('Step 4 of 10')).toBeVisible();
    await button(page, 'Run to end').click();
    await expect(page.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible();
    await expect(page.getByText(/^[0-9a-f]{8}…[0-9a-f]{6}$/)).toHaveAttribute('title', order.cliHash);
  });

  test('Step at the live end advances the run; Step back and Reset only move the view', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step').click();
    await button(page, 'Step').click();
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await button(page, 'Step back').click();
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await button(page, 'Reset').click();
    await expect(page.getByText('Step 0 of 2')).toBeVisible();
    await expect(button(page, 'Step back')).toBeDisabled();
    await button(page, 'Step').click();
    await button(page, 'Step').click();
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await button(page, 'Step').click();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
  });

  test('keyboard: arrows, Home and End move the view; Space plays and pauses; ? lists the shortcuts', async ({
    page,
  }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    const slider = page.getByRole('slider', { name: 'Timeline' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuenow', '9');
    await page.keyboard.press('Home');
    await expect(page.getByText('Step 0 of 10')).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    // Page-wide shortcuts (focus outside any control).
    await page.getByRole('heading', { level: 2, name: 'Order pipeline' }).click();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Step 9 of 10')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(page.getByText('Step 0 of 10')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Step 1 of 10')).toBeVisible();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Play / pause');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await page.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '30 steps/s' });
    await page.getByRole('heading', { level: 2, name: 'Order pipeline' }).click();
    await page.keyboard.press(' ');
    await expect(button(page, 'Pause')).toBeVisible();
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(3);
    await page.keyboard.press(' ');
    await expect(button(page, 'Play')).toBeVisible();
    const paused = Number(await slider.getAttribute('aria-valuenow'));
    await page.waitForTimeout(300);
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(paused);
  });

  test('quick presses are queued, not dropped: five → presses move five steps', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await page.getByRole('heading', { level: 2, name: 'Order pipeline' }).click();
    await page.keyboard.press('Home');
    await expect(page.getByText('Step 0 of 10')).toBeVisible();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Step 5 of 10')).toBeVisible();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Step 2 of 10')).toBeVisible();
  });

  test('Play runs to the end and stops there', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await page.getByRole('combobox', { name: 'Speed' }).selectOption({ label: 'Max' });
    await button(page, 'Play').click();
    await expect(button(page, 'Pause')).toBeVisible();
    // Each step is a round trip to the engine worker and a write to IndexedDB: give a busy machine time.
    await expect(page.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible({ timeout: 30_000 });
    await expect(button(page, 'Play')).toBeDisabled();
    await expect(page.getByTestId('run-status')).toHaveText('Completed');
  });

  test('the timeline draws one histogram bar per step with events', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Run to end').click();
    await expect(page.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuemax', String(order.steps));
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute(
      'aria-valuetext',
      `Step ${order.steps} of ${order.steps}`,
    );
  });
});
