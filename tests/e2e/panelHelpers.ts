import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Steps shared by the bottom-panel journeys (ledger, lineage, events): open an example template from
 * the list as a person would, and switch the bottom area to a panel. Each also proves the API answers
 * through the real service worker, not a fetch patched in the page.
 */
export async function openTemplate(page: Page, name: string): Promise<void> {
  await page.goto('./');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('slider', { name: 'Timeline' })).toBeVisible();
}

/** Switches the bottom area to the tab `label` and returns the panel's region. */
export async function openPanel(page: Page, label: string): Promise<Locator> {
  await page.getByRole('tab', { name: label }).click();
  const region = page.getByRole('region', { name: label });
  await expect(region).toBeVisible();
  return region;
}

/** Runs the open execution to its end and waits until the step label says so. */
export async function runToEnd(page: Page, steps: number): Promise<void> {
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText(`Step ${steps} of ${steps}`)).toBeVisible();
}
