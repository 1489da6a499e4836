import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The page's documented automation handle (src/main.ts), as far as this spec uses it. */
type Compat = { effectiveCompat: string; compatSource: string; settings: { compat: string } };
type Handle = {
  flowledger?: {
    getCompat(): Promise<Compat>;
    setCompat(profile: string, options?: { page?: boolean }): Promise<Compat>;
  };
};

/** Three tokens 1, 2, 3, doubled, collected: the sink collects 2, 4 and 6 (steps 3, 4, 5). */
const scenario = {
  version: '3.0',
  name: 'Doubler',
  seed: 1,
  nodes: [
    {
      nodeId: 'src',
      type: 'DataSource',
      generation: { type: 'sequence', start: 1, step: 1 },
      count: 3,
      outputs: [{ destinationNodeId: 'double' }],
    },
    {
      nodeId: 'double',
      type: 'ProcessNode',
      processing: { formula: 'value * 2' },
      outputs: [{ destinationNodeId: 'sink' }],
    },
    { nodeId: 'sink', type: 'Sink' },
  ],
};

/** Opens the built app with `?compat=pled` and asserts the service worker controls the page. */
async function openPled(page: Page): Promise<void> {
  await page.goto('./?compat=pled');
  await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test.describe('compatibility profile pled', () => {
  test('the original client’s requests, sent with plain fetch through the service worker, answer its shapes', async ({
    page,
  }) => {
    await openPled(page);
    expect(await page.evaluate(() => (window as Handle).flowledger!.getCompat())).toMatchObject({
      effectiveCompat: 'pled',
      compatSource: 'page',
    });
    const seen = await page.evaluate(async (scenario) => {
      // Same-origin `/api/...` paths and the no-cache headers, as the original client sends them.
      const headers = { 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache', Expires: '0' };
      const get = async (path: string) => (await fetch(path, { method: 'GET', headers })).json();
      const post = async (path: string, body: unknown) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const created = await post('/api/admin/templates', { name: 'Doubler', scenario });
      const t = created.templateId as string;
      const template = await get(`/api/admin/templates/${t}`);
      const execution = await post('/api/admin/executions', { templateId: t, name: 'Run' });
      const e = execution.executionId as string;
      const read = await get(`/api/admin/executions/${e}`);
      const steps: number[] = [];
      for (let at = 0; at < 5; at++) {
        const r = await get(
          `/api/engine/templates/${t}/executions/${e}/step?currentStep=${at}&_cache_bust=${Date.now()}`,
        );
        if (!r.success) throw new Error(`step failed: ${JSON.stringify(r)}`);
        steps.push(r.step);
      }
      const bust = () => `${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
      const events = await get(
        `/api/engine/templates/${t}/executions/${e}/nodes/double/events?step=last&_cache_bust=${bust()}`,
      );
      const sum = await get(
        `/api/engine/templates/${t}/executions/${e}/sinks/sink/aggregate?formula=sum&_cache_bust=${bust()}`,
      );
      const count = await get(
        `/api/engine/templates/${t}/executions/${e}/sinks/sink/aggregate?formula=custom&customExpression=${encodeURIComponent('ledgerEntries.length')}&_cache_bust=${bust()}`,
      );
      const activity = await get(
        `/api/engine/templates/${t}/executions/${e}/nodes/double/activity?step=3&_cache_bust=${Date.now()}`,
      );
      const lineage = await get(
        `/api/engine/templates/${t}/executions/${e}/tokens/src-2/lineage?step=5&_cache_bust=${Date.now()}`,
      );
      return {
        templateName: template.template?.name,
        executionTemplateId: read.execution?.templateId,
        externalEvents: read.execution?.externalEvents,
        t,
        steps,
        events: {
          filteredEntries: events.filteredEntries,
          values: events.events.map((x: { value: unknown }) => x.value),
        },
        sum: sum.aggregatedValue,
        count: count.aggregatedValue,
        activity: { success: activity.success, steps: activity.activities.map((a: { step: number }) => a.step) },
        journey: lineage.journey?.nodes,
      };
    }, scenario);
    expect(seen).toMatchObject({
      templateName: 'Doubler',
      executionTemplateId: seen.t,
      externalEvents: [],
      // Hand-computed for three tokens: one step per call, then the whole run for the reads.
      steps: [1, 2, 3, 4, 5],
      events: { filteredEntries: 3, values: [2, 4, 6] },
      sum: 12,
      count: 3,
      activity: { success: true, steps: [3, 2] },
      journey: ['src', 'double', 'sink'],
    });
  });

  test('the top bar’s Settings shows the page’s choice and stores another', async ({ page }) => {
    await openPled(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const select = page.getByRole('combobox', { name: 'API compatibility profile' });
    await expect(select).toHaveValue('pled');
    await expect(page.getByText('This page chose')).toBeVisible();
    await select.selectOption('default');
    await expect(select).toHaveValue('default');
    // The choice is stored through the service (asynchronously): the page's answer follows it.
    await expect
      .poll(() => page.evaluate(() => (window as Handle).flowledger!.getCompat()))
      .toMatchObject({ effectiveCompat: 'default', compatSource: 'store' });
    await page.keyboard.press('Escape');
    await expect(select).toBeHidden();
  });

  test('window.flowledger.setCompat stores the profile, or sets it for the page only', async ({ page }) => {
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    const seen = await page.evaluate(async () => {
      const handle = (window as Handle).flowledger!;
      const stored = await handle.setCompat('pled');
      const pageOnly = await handle.setCompat('default', { page: true });
      let refused = '';
      await handle.setCompat('original').catch((err: Error) => (refused = err.message));
      return { stored, pageOnly, refused };
    });
    expect(seen.stored).toMatchObject({ settings: { compat: 'pled' }, effectiveCompat: 'pled', compatSource: 'store' });
    expect(seen.pageOnly).toMatchObject({
      settings: { compat: 'pled' },
      effectiveCompat: 'default',
      compatSource: 'page',
    });
    expect(seen.refused).toContain('default, pled');
    // The stored choice outlives the page: a reload (without ?compat=) answers in pled.
    await page.reload();
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    expect(await page.evaluate(() => (window as Handle).flowledger!.getCompat())).toMatchObject({
      effectiveCompat: 'pled',
      compatSource: 'store',
    });
  });
});
