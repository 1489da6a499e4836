import type { Page } from '@playwright/test';
import AxeBuilder from './axe';
import { expect, test } from './fixtures';
import { openPanel, openTemplate, runToEnd } from './panelHelpers';

/** axe-core on the page as it is now, in the current theme and then in the other one. */
async function noSeriousViolations(page: Page, where: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const theme = await page.locator('html').getAttribute('data-theme');
    const violations = await new AxeBuilder(page).seriousViolations();
    expect(violations, `${where}, ${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  }
}

// Beside the workspace check in workspace.spec.ts: every bottom panel open, and the other screens.
test.describe('accessibility (axe-core), light and dark', () => {
  test('each bottom panel open, with content', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const ledger = await openPanel(page, 'Ledger');
    await ledger.getByRole('grid', { name: 'Ledger events' }).getByRole('row').nth(1).click();
    await noSeriousViolations(page, 'Ledger');
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByLabel('Correlation id').fill('orders-1');
    await lineage.getByLabel('Correlation id').press('Enter');
    await expect(lineage.getByRole('list').first()).toBeVisible();
    await noSeriousViolations(page, 'Lineage');
    await openPanel(page, 'External events');
    await noSeriousViolations(page, 'External events');
    await openPanel(page, 'Charts');
    await noSeriousViolations(page, 'Charts');
  });

  test('the library, the editor and the log ingestion screen', async ({ page }) => {
    await page.goto('./?view=library');
    await expect(page.getByRole('button', { name: 'New template' })).toBeVisible();
    await noSeriousViolations(page, 'Library');
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByRole('button', { name: 'Blank scenario' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Valid/ })).toBeVisible();
    await noSeriousViolations(page, 'Editor');
    await page.goto('./?view=ingest&example=openssh');
    await expect(page.getByRole('table', { name: 'Templates' })).toBeVisible();
    await noSeriousViolations(page, 'Ingest');
  });

  test('the Discover screen, with a conformance report', async ({ page }) => {
    await page.goto('./?view=ingest&example=openssh');
    const run = page.getByRole('region', { name: 'Run' });
    await expect(run.getByRole('combobox', { name: 'DataSource' })).toHaveValue('sshLog');
    await run.getByRole('button', { name: 'Discover', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Variants', exact: true })).toBeVisible({ timeout: 30_000 });
    await page
      .getByRole('combobox', { name: 'Template to check against' })
      .selectOption({ label: 'SSH attempts from a real sshd log' });
    await page.getByRole('button', { name: 'Check against a template' }).click();
    await expect(page.getByRole('region', { name: 'Conformance' })).toBeVisible();
    // The deviations drawn: the paths not allowed (listed, dashed on the map) and the refusals on the state diagram.
    await expect(page.getByRole('table', { name: 'Paths the template does not allow' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^State diagram of \S+: .*events refused in/ })).toBeVisible();
    await noSeriousViolations(page, 'Discover');
  });
});
