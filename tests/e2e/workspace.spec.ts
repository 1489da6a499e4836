import type { EngineAPIService } from '../../src/client/EngineAPIService';
import AxeBuilder from './axe';
import { test, expect } from './fixtures';
import { actedNames, button, expected, nodesTable, openTemplate } from './workspaceHelpers';
import { docShot } from './docShot';

type Handle = { flowledger?: { api: EngineAPIService } };

const order = expected('order-pipeline');

test.describe('workspace', () => {
  test('opens an example from the list with the keyboard, served through the service worker', async ({ page }) => {
    await page.goto('./');
    const link = page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name: /Order pipeline/ });
    // Tab until the link has focus, as a keyboard user would.
    for (let i = 0; i < 20 && !(await link.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Order pipeline' })).toBeVisible();
    await expect(page.getByText('Step 0 of 0')).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
    expect(page.url()).toMatch(/\?template=[^&]+&execution=[^&]+&step=0$/);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Every node of the scenario is listed in the text alternative of the graph.
    expect(Object.keys(await nodesTable(page)).sort()).toEqual(Object.values(order.names).sort());
  });

  test('steps five times: the step label, the slider and the highlighted nodes follow', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    const slider = page.getByRole('slider', { name: 'Timeline' });
    for (let s = 1; s <= 5; s++) {
      await button(page, 'Step').click();
      await expect(page.getByText(`Step ${s} of ${s}`)).toBeVisible();
      await expect(slider).toHaveAttribute('aria-valuenow', String(s));
      const want = order
        .activeAt(s)
        .map((id) => order.names[id]!)
        .sort();
      await expect.poll(async () => (await actedNames(page)).sort()).toEqual(want);
    }
    // The highlighted set really changes over the five steps.
    expect(new Set([1, 2, 3, 4, 5].map((s) => order.activeAt(s).join())).size).toBeGreaterThan(2);
  });

  test('runs to the end: sink counts and the ledger hash equal the command line', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Run to end').click();
    await expect(page.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible();
    await expect(page.getByTestId('run-status')).toHaveText('Completed');
    const table = await nodesTable(page);
    const final = order.statesAt(order.steps);
    for (const sink of ['invoices', 'reviewed', 'smallOrders', 'revenueReport'])
      expect(table[order.names[sink]!]!.held).toBe(`${final[sink]!.tokensProcessed} collected`);
    expect(table['Invoices']!.held).toBe('7 collected');
    const hash = page.getByText(/^[0-9a-f]{8}…[0-9a-f]{6}$/);
    await expect(hash).toHaveText(`${order.cliHash.slice(0, 8)}…${order.cliHash.slice(-6)}`);
    await expect(hash).toHaveAttribute('title', order.cliHash);
    await expect(button(page, 'Copy ledger hash')).toBeVisible();
  });

  test('reload keeps the view: template, run, shown step and selected node', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await page.getByRole('slider', { name: 'Timeline' }).fill('4');
    await expect(page.getByText('Step 4 of 10')).toBeVisible();
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Route by size' }).click();
    await expect(
      page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: 'Route by size' }),
    ).toBeVisible();
    const url = page.url();
    expect(url).toContain('step=4');
    expect(url).toContain('node=router');
    await page.reload();
    await expect(page.getByText('Step 4 of 10')).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuenow', '4');
    await expect(
      page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: 'Route by size' }),
    ).toBeVisible();
    expect(page.url()).toBe(url);
    // The run itself was not rewound by the reload: continuing from the view reaches the same end.
    await button(page, 'Run to end').click();
    await expect(page.getByText(/^[0-9a-f]{8}…[0-9a-f]{6}$/)).toHaveAttribute('title', order.cliHash);
  });

  test('a template deleted in another tab: Step and Step back say so and leave the view at its step', async ({
    page,
    context,
    pageProblems,
  }) => {
    await openTemplate(page, 'Order pipeline');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    const slider = page.getByRole('slider', { name: 'Timeline' });
    await slider.fill('4');
    await expect(page.getByText('Step 4 of 10')).toBeVisible();
    const templateId = new URL(page.url()).searchParams.get('template')!;

    // Another tab of the same browser deletes the template (and its runs).
    const other = await context.newPage();
    await other.goto('./');
    await other.waitForFunction(() => (window as Handle).flowledger !== undefined);
    await other.evaluate((id) => (window as Handle).flowledger!.api.deleteTemplate(id), templateId);
    await other.close();

    await button(page, 'Step').click();
    await expect(page.getByRole('alert')).toContainText('This template no longer exists');
    await expect(page.getByText('Step 4 of 10')).toBeVisible();
    await expect(slider).toHaveAttribute('aria-valuenow', '4');
    await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
    await button(page, 'Step back').click();
    await expect(page.getByRole('alert')).toContainText('This template no longer exists');
    await expect(page.getByText('Step 4 of 10')).toBeVisible();
    await expect(slider).toHaveAttribute('aria-valuenow', '4');
    // The reads refused with 404 are the point of the test.
    pageProblems.splice(
      0,
      pageProblems.length,
      ...pageProblems.filter((p) => !p.includes('the server responded with a status of 404')),
    );
  });

  test('New run starts another execution with the chosen seed, at step 0', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step').click();
    const first = new URL(page.url()).searchParams.get('execution');
    await page.getByRole('textbox', { name: 'Seed' }).fill('7');
    await button(page, 'New run').click();
    await expect(page.getByText('Step 0 of 0')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('execution')).not.toBe(first);
    await expect(page.getByRole('combobox', { name: 'Run' })).toContainText('seed 7');
  });

  test('a breakpoint on a node pauses the run when that node first acts', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    const first = Array.from({ length: order.steps }, (_, i) => i + 1).find((s) =>
      order.activeAt(s).includes('review'),
    )!;
    await page.getByRole('combobox', { name: 'Pause when this node acts' }).selectOption({ label: 'Manual review' });
    await expect(page.getByRole('list', { name: 'Nodes that pause the run' })).toContainText('Manual review');
    await button(page, 'Run to end').click();
    await expect(page.getByText(`Paused at step ${first}: Manual review acted.`)).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuenow', String(first));
    expect(await actedNames(page)).toContain('Manual review');
  });

  test('run until a condition: parse errors inline, then a pause when it becomes true', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    const until = page.getByRole('textbox', { name: 'Run until' });
    await until.fill('sink("invoices").count >=');
    await expect(until).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/at column \d+/)).toBeVisible();
    await until.fill('sink("invoices").count >= 5');
    await expect(until).not.toHaveAttribute('aria-invalid', 'true');
    const first = Array.from({ length: order.steps }, (_, i) => i + 1).find(
      (s) => order.statesAt(s).invoices!.tokensProcessed >= 5,
    )!;
    await button(page, 'Run to end').click();
    // With a condition set, the run advances one step at a time (a round trip each), so allow for it.
    await expect(page.getByText(`Paused at step ${first}: sink("invoices").count >= 5 is true.`)).toBeVisible({
      timeout: 30_000,
    });
    expect((await nodesTable(page))['Invoices']!.held).toBe('5 collected');
  });

  test('no serious accessibility violations (axe-core), in both themes', async ({ page }) => {
    await openTemplate(page, 'Approval desk');
    await button(page, 'Step 10').click();
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Approval desk' }).click();
    for (const theme of ['light', 'dark']) {
      const violations = await new AxeBuilder(page).seriousViolations();
      expect(violations, `${theme}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    }
  });

  test('stays usable at 390 px: nothing overflows horizontally', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step').click();
    await expect(page.getByText('Step 1 of 1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('region', { name: 'Inspector' })).toBeVisible();
    // Every panel tab is whole on screen and none lies under the collapse button.
    const hide = await page.getByRole('button', { name: 'Hide panels' }).boundingBox();
    for (const tab of await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect(box, await tab.innerText()).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      const overlaps =
        hide !== null &&
        box!.x < hide.x + hide.width &&
        hide.x < box!.x + box!.width &&
        box!.y < hide.y + hide.height &&
        hide.y < box!.y + box!.height;
      expect(overlaps, `${await tab.innerText()} lies under Hide panels`).toBe(false);
    }
  });

  test('the theme follows the system and can be toggled', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('./');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('a template named with markup and event data with markup show as text', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const name = '<img src=x onerror=alert(1)>';
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    await page.evaluate(async (name) => {
      const api = (window as Handle).flowledger!.api;
      await api.createTemplate({
        name,
        description: '<b>not bold</b>',
        scenario: {
          version: '3.0',
          nodes: [
            { nodeId: 'src', type: 'DataSource', displayName: name, count: 0, outputs: [{ destinationNodeId: 'out' }] },
            { nodeId: 'out', type: 'Sink' },
          ],
        },
      });
    }, name);
    await page.reload();
    const link = page.getByRole('link', { name: /<img src=x onerror=alert\(1\)>/ });
    await expect(link).toBeVisible();
    await expect(page.getByText('<b>not bold</b>')).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    // The address names the run once it is open.
    await expect(page).toHaveURL(/execution=/);
    await page.evaluate(async () => {
      const api = (window as Handle).flowledger!.api;
      const q = new URLSearchParams(location.search);
      await api.addExternalEvents(q.get('template')!, q.get('execution')!, [
        { targetDataSourceId: 'src', value: 1, note: '<script>alert(2)</script>' },
      ]);
    });
    // The events went in behind the page's back (the External events panel would say so itself): reload.
    await page.reload();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toBeAttached();
    await button(page, 'Step').click();
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name }).click();
    await expect(
      page.getByRole('region', { name: 'Inspector' }).getByText('<script>alert(2)</script>', { exact: false }),
    ).toBeVisible();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
  });
});

test.describe('screenshots', () => {
  // The README's and docs/ui.md's pictures, taken from the real app mid-run, in both themes.
  for (const theme of ['light', 'dark'] as const) {
    test(`workspace mid-run, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await openTemplate(page, 'Order pipeline');
      await button(page, 'Step 10').click();
      await expect(page.getByText('Step 10 of 10')).toBeVisible();
      await page.getByRole('slider', { name: 'Timeline' }).fill('5');
      await expect(page.getByText('Step 5 of 10')).toBeVisible();
      await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Route by size' }).click();
      await expect(page.getByRole('region', { name: 'Inspector' }).getByText('Events at step 5')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.waitForTimeout(400); // the graph's highlight transition
      await page.screenshot({ path: docShot(`docs/screenshots/workspace-${theme}.png`) });
      if (theme === 'light') await page.screenshot({ path: docShot('docs/screenshot.png') });
    });
  }

  for (const theme of ['light', 'dark'] as const)
    test(`workspace at 390 px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: theme });
      await openTemplate(page, 'Approval desk');
      await button(page, 'Step 10').click();
      await expect(page.getByText('Step 10 of 10')).toBeVisible();
      await page.screenshot({ path: docShot(`docs/screenshots/workspace-mobile-${theme}.png`), fullPage: true });
    });
});
