import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';
import { nodesTable } from './workspaceHelpers';

/**
 * The Discover screen (issue 26, docs/ui.md): from the guided sshd example on the ingestion screen,
 * the process in the log — tables, graph, sliders — a template made from it that replays the same
 * events with none left unaccepted, and the bundled SSH template checked against the log.
 */
type Handle = { flowledger?: { api: EngineAPIService } };

/** The ingestion screen with the bundled sshd log and the `openssh-sessions` configuration, under the service worker. */
async function openExample(page: Page): Promise<void> {
  await page.goto('./?view=ingest&example=openssh');
  await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  await expect(page.getByRole('note')).toContainText('Guided example');
  await expect(page.getByRole('region', { name: 'Run' }).getByRole('combobox', { name: 'DataSource' })).toHaveValue(
    'sshLog',
  );
}

/** Opens Discover from the ingestion screen and waits for the graph. */
async function discover(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Discover', exact: true }).click();
  await expect(page).toHaveURL(/view=discover/);
  await expect(page.getByRole('img', { name: /^Directly-follows graph/ })).toBeVisible({ timeout: 30_000 });
}

test.describe('Discover', () => {
  test('the sshd sessions: tables, graph and sliders; Create template replays every event', async ({ page }) => {
    test.setTimeout(120_000);
    await openExample(page);
    await discover(page);
    for (const name of ['Activities', 'Paths', 'Variants'])
      await expect(page.getByRole('table', { name, exact: true })).toBeVisible();
    // The bundled log: 519 sessions, 2,000 events (docs/discovery.md, the XES round trip).
    await expect(page.getByText(/^519 cases, 2,000 events/)).toBeVisible();
    const activities = page.getByRole('table', { name: 'Activities', exact: true }).locator('tbody tr');
    const all = await activities.count();
    expect(all).toBeGreaterThan(3);

    // Fewer activities: the table follows the slider.
    const slider = page.getByRole('slider', { name: 'Activities' });
    await slider.fill('10');
    await expect.poll(() => activities.count()).toBeLessThan(all);
    await slider.fill('100');
    await expect(activities).toHaveCount(all);
    await expect(page.getByRole('slider', { name: 'Paths' })).toHaveValue('100');

    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page).toHaveURL(/view=editor&template=/);
    // The editor opens on the discovered machine: its state diagram, a state per activity and the start.
    await expect(
      page.getByRole('img', { name: new RegExp(`^State diagram: ${all + 1} states, \\d+ transitions`) }),
    ).toBeVisible();
    // Back returns to the same discovery (the parse handed over by the ingestion screen), forward to the editor.
    await page.goBack();
    await expect(page.getByText(/^519 cases, 2,000 events/)).toBeVisible({ timeout: 30_000 });
    await page.goForward();
    await expect(page).toHaveURL(/view=editor&template=/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page).toHaveURL(/execution=/);
    // The run opens with the discovered machine selected and its state diagram drawn, in the address.
    await expect(page).toHaveURL(/[?&]node=[^&]+&diagram=1(&|$)/);
    await expect(page.getByRole('region', { name: 'States of Process' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^State diagram of Process at step \d+/ })).toBeVisible();
    // Feed the run the same events (the sessions configuration's parse), then run it to the end.
    const url = new URL(page.url());
    const templateId = url.searchParams.get('template')!;
    const executionId = url.searchParams.get('execution')!;
    const enqueued = await page.evaluate(
      ([t, x]) =>
        (window as Handle).flowledger!.api.enqueue('openssh-sessions', {
          templateId: t!,
          executionId: x!,
          targetDataSourceId: 'sshLog',
        }),
      [templateId, executionId],
    );
    expect(enqueued.enqueued).toBe(2000);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Nodes' })).toBeVisible();
    await page.getByRole('button', { name: /Run to end/ }).click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 60_000 });
    const nodes = page.getByRole('table', { name: 'Nodes' });
    await expect(nodes.getByRole('row', { name: /^Ended cases/ })).toContainText('519 collected');
    const table = await nodesTable(page);
    expect(table['Events no transition accepts']!.held).toBe('0 collected');
    // Every event went through the machine: one token per event processed.
    expect(table['Process']!.processed).toBe(2000);
    // The discovered machine drawn in the workspace without selecting anything (the reload above kept
    // it): a machine per case, its diagram over the workflow.
    await expect(page).toHaveURL(/[?&]node=[^&]+&diagram=1(&|$)/);
    const states = page.getByRole('region', { name: 'States of Process' });
    await expect(states).toContainText('519 machines, one per correlation id');
    await expect(states.getByRole('button', { name: 'Show the workflow' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: /^State diagram of Process at step \d+/ })).toBeVisible();
    // Back to the workflow: the address drops the flag, and a reload keeps the workflow.
    await states.getByRole('button', { name: 'Show the workflow' }).click();
    await expect(page).not.toHaveURL(/diagram=1/);
    await page.reload();
    await expect(page.getByRole('region', { name: 'States of Process' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^State diagram of Process/ })).toHaveCount(0);
  });

  test('Check against a template: the bundled SSH template gives the Conformance region', async ({ page }) => {
    test.setTimeout(90_000);
    await openExample(page);
    await discover(page);
    await page.getByRole('combobox', { name: 'Template to check against' }).selectOption({
      label: 'SSH attempts from a real sshd log',
    });
    await page.getByRole('button', { name: 'Check against a template' }).click();
    const region = page.getByRole('region', { name: 'Conformance' });
    await expect(region).toBeVisible({ timeout: 30_000 });
    for (const term of ['Event fitness', 'Case fitness', 'Fitting cases']) await expect(region).toContainText(term);
    await expect(region.getByText(/ of 519$/)).toBeVisible();
    const deviations = region.getByRole('table', { name: 'Deviating cases' });
    await expect(deviations.getByRole('columnheader')).toHaveText(['Case', 'Index', 'Event', 'State']);
    expect(await deviations.locator('tbody tr').count()).toBeGreaterThan(0);

    // The refused events drawn on the template's own state diagram: as many states ringed as the report counts.
    const refusedIn = (await region.getByText(/^Unconsumed events by state/).innerText()).split(',').length;
    await expect(region.getByText(/^Where events were refused, on the state diagram of /)).toBeVisible();
    await expect(
      region.getByRole('img', {
        name: new RegExp(`^State diagram of \\S+: \\d+ states; events refused in ${refusedIn} of them`),
      }),
    ).toBeVisible();

    // The paths the template's machine does not allow: listed with the map's counts, dashed on the map.
    const notAllowed = region.getByRole('table', { name: 'Paths the template does not allow' });
    await expect(notAllowed).toBeVisible();
    await expect(notAllowed.getByRole('columnheader')).toHaveText(['From', 'To', 'Count']);
    const rows = await notAllowed
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    expect(rows.length).toBeGreaterThan(0);
    const paths = await page
      .getByRole('table', { name: 'Paths', exact: true })
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 3).map((c) => c.textContent!.trim())),
      );
    const starts = await page
      .getByRole('table', { name: 'Activities', exact: true })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent!.trim())));
    for (const [from, to, count] of rows) {
      // Each count is the log's: the Paths table's for an activity → activity path, the Starts of the Activities table from start.
      const want =
        from === 'start' ? starts.find((r) => r[0] === to)?.[2] : paths.find((r) => r[0] === from && r[1] === to)?.[2];
      expect(want, `${from} → ${to}`).toBe(count);
    }
    await expect(
      page.getByRole('paragraph').filter({ hasText: 'A path the checked template does not allow' }),
    ).toContainText(`(${rows.length}, listed under Conformance)`);
    expect(await page.locator('svg g.edge.off').count()).toBe(rows.length);

    // The same events as files: XES with one trace per session, OCEL 2.0 JSON with its events.
    const [xes] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XES' }).click(),
    ]);
    expect(xes.suggestedFilename()).toBe('events.xes');
    const xml = readFileSync((await xes.path())!, 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<trace>/g)).toHaveLength(519);
    const [ocel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export OCEL' }).click(),
    ]);
    const doc = JSON.parse(readFileSync((await ocel.path())!, 'utf8')) as { events: unknown[] };
    expect(doc.events).toHaveLength(2000);
    if (process.env.SHOT) {
      await page.screenshot({ path: '/tmp/dsc.png', fullPage: false });
      await region.screenshot({ path: '/tmp/dsc-conformance.png' });
      await page.getByRole('button', { name: 'Dark' }).click();
      await region.screenshot({ path: '/tmp/dsc-conformance-dark.png' });
      await page.getByRole('region', { name: 'Process map' }).screenshot({ path: '/tmp/dsc-map-dark.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await region.screenshot({ path: '/tmp/dsc-conformance-390.png' });
    }
  });

  test("from a run: the run bar's Discover uses the run's events", async ({ page }) => {
    test.setTimeout(90_000);
    await openExample(page);
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Templates' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('region', { name: 'Run' }).getByRole('button', { name: 'Send to run' }).click();
    await expect(page).toHaveURL(/execution=/, { timeout: 45_000 });
    // The run taken to its end, so each deviating case has the step its refused event was processed in.
    await page.getByRole('button', { name: /Run to end/ }).click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Discover', exact: true }).click();
    await expect(page).toHaveURL(/view=discover&template=[^&]+&execution=/);
    await expect(page.getByText(/^519 cases, 2,000 events/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Paths', exact: true })).toBeVisible();
    // The address reopens the same source.
    await page.reload();
    await expect(page.getByText(/^519 cases, 2,000 events/)).toBeVisible({ timeout: 30_000 });
    // A deviating case of the run opens in the workspace, traced.
    await page
      .getByRole('combobox', { name: 'Template to check against' })
      .selectOption({ label: 'SSH attempts from a real sshd log' });
    await page.getByRole('button', { name: 'Check against a template' }).click();
    const first = page
      .getByRole('region', { name: 'Conformance' })
      .getByRole('table', { name: 'Deviating cases' })
      .getByRole('link')
      .first();
    const caseId = (await first.innerText()).trim();
    // The link carries the step the case's first refused event was processed in (looked up in the run's ledger).
    await expect(first).toHaveAttribute('href', new RegExp(`[?&]step=\\d+&lineage=${caseId}$`));
    await first.click();
    await expect(page).toHaveURL(new RegExp(`[?&]step=\\d+&lineage=${caseId}(&|$)`));
    const step = Number(new URL(page.url()).searchParams.get('step'));
    expect(step).toBeGreaterThan(0);
    // The run opens at that step with that case traced in the Lineage panel.
    await expect(page.getByRole('tab', { name: 'Lineage' })).toHaveAttribute('aria-selected', 'true');
    const lineage = page.getByRole('region', { name: 'Lineage' });
    await expect(lineage.getByRole('searchbox', { name: 'Correlation id' })).toHaveValue(caseId);
    await expect(lineage).toContainText(caseId);
    expect(Number(new URL(page.url()).searchParams.get('step'))).toBe(step);
  });

  test('at 390 px the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openExample(page);
    await discover(page);
    await expect(page.getByRole('table', { name: 'Variants', exact: true })).toBeVisible();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide).toBeLessThanOrEqual(0);
    if (process.env.SHOT) await page.screenshot({ path: '/tmp/dsc390.png', fullPage: true });
  });
});
