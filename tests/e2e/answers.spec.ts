import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import type { Page } from '@playwright/test';
import { Engine } from '../../src/engine';
import { expect, test } from './fixtures';
import { openPanel, openTemplate, runToEnd } from './panelHelpers';
import { button } from './workspaceHelpers';

/**
 * Answers one click away (issue 41, item 4): run labels that do not shift, token ids in the Result
 * and the Inspector that trace, the lineage's changes read against the token each element came
 * from, and share links that keep the traced id and the selected node without duplicating the
 * template. What the page should show is computed here by the engine in Node, not read from the page.
 */
const root = new URL('../../', import.meta.url);
const lbDoc = JSON.parse(readFileSync(new URL('examples/load-balancer.json', root), 'utf8'));

/** The load balancer run to its end in Node: its steps and the last token each Sink collected. */
function loadBalancer(): { steps: number; lastOf: (sink: string) => { id: string; correlationId: string } } {
  const engine = new Engine();
  expect(engine.initialize(lbDoc.scenario).errors).toEqual([]);
  engine.runToEnd();
  const ledger = engine.ledger;
  const last = new Map<string, { id: string; correlationId: string }>();
  for (let seq = 1; seq <= ledger.size; seq++) {
    const e = ledger.get(seq);
    if (e.operation === 'TOKEN_COLLECTED' && e.inputToken)
      last.set(e.nodeId, { id: e.inputToken.id, correlationId: e.inputToken.correlationIds[0]! });
  }
  return { steps: engine.getCurrentTick(), lastOf: (sink) => last.get(sink)! };
}

/** axe-core over the elements `selectors` match only, in the current theme and then the other one. */
async function axeBothThemes(page: Page, selectors: string[]): Promise<string[]> {
  const { createRequire } = await import('node:module');
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const out: string[] = [];
  for (let i = 0; i < 2; i++) {
    const theme = await page.locator('html').getAttribute('data-theme');
    const found = await page.evaluate(async (include) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const r = await axe.run({ include: include.map((s) => [s]) }, { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }, selectors);
    out.push(...found.map((v) => `${theme}: ${v}`));
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  }
  return out;
}

async function newRun(page: Page): Promise<string> {
  const before = new URL(page.url()).searchParams.get('execution');
  await button(page, 'New run').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('execution')).not.toBe(before);
  return new URL(page.url()).searchParams.get('execution')!;
}

test.describe('answers one click away', () => {
  test('three runs made in order read #1, #2, #3, #1 the first, and keep their numbers', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await expect(page).toHaveURL(/[?&]execution=[^&]+/);
    const first = new URL(page.url()).searchParams.get('execution')!;
    const second = await newRun(page);
    const picker = page.getByRole('combobox', { name: 'Run' });
    const label = (id: string) => picker.locator(`option[value="${id}"]`);
    await expect(label(first)).toHaveText(/^#1 · seed /);
    await expect(label(second)).toHaveText(/^#2 · seed /);
    const third = await newRun(page);
    await expect(picker.locator('option')).toHaveCount(3);
    // Adding the third shifted neither of the others.
    await expect(label(first)).toHaveText(/^#1 · seed /);
    await expect(label(second)).toHaveText(/^#2 · seed /);
    await expect(label(third)).toHaveText(/^#3 · seed /);
  });

  test('a token id in the Result and in the Inspector opens its lineage; after a fork, a Sink collecting a token unchanged reads "data unchanged"', async ({
    page,
  }) => {
    const lb = loadBalancer();
    await openTemplate(page, 'Load balancer');
    await runToEnd(page, lb.steps);
    const result = page.getByRole('region', { name: 'Result' });
    const metrics = lb.lastOf('metrics');
    const sinkRow = result
      .getByRole('table', { name: 'Sinks' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Metrics', exact: true }) });
    await sinkRow.getByRole('button', { name: `Trace ${metrics.id} (${metrics.correlationId})` }).click();
    const lineage = page.getByRole('region', { name: 'Lineage' });
    await expect(lineage.getByRole('list', { name: `Operations of ${metrics.correlationId}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]lineage=${metrics.correlationId}(&|$)`));
    await expect(lineage.getByRole('searchbox', { name: 'Correlation id' })).toHaveValue(metrics.correlationId);

    // The Inspector's token ids trace too: its recent activity, newest first.
    await sinkRow.getByRole('button', { name: 'Metrics', exact: true }).click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    const recent = inspector
      .getByRole('list')
      .last()
      .getByRole('button', { name: /^Trace \S+ \(\S+\)$/ });
    await expect(recent.first()).toBeVisible();
    const name = (await recent.first().getAttribute('aria-label'))!;
    const cid = /\((\S+)\)$/.exec(name)![1]!;
    await recent.first().click();
    await expect(lineage.getByRole('list', { name: `Operations of ${cid}` })).toBeVisible();

    // requests-1 forks at the mirror; Metrics collects lastPerServer#1 unchanged at step 11, right
    // after the archive routed latencyBatches#1 (the other branch).
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('requests-1');
    await lineage.getByRole('button', { name: 'Trace' }).click();
    const ops = lineage.getByRole('list', { name: 'Operations of requests-1' }).locator(':scope > li');
    const collected = ops.filter({
      has: page.getByRole('button', { name: 'Family of lastPerServer#1 at step 11' }),
    });
    await expect(collected).toHaveCount(1);
    await expect(collected).toContainText('Metrics');
    await expect(collected).toContainText('TOKEN_COLLECTED');
    await expect(collected).toContainText('data unchanged');
    await expect(collected.getByRole('list', { name: /^Changes at step/ })).toHaveCount(0);
    // The aggregate that made it is compared with the token it consumed: its value changed.
    const made = ops.filter({ has: page.getByRole('button', { name: 'Family of lastPerServer#1 at step 10' }) });
    await expect(made.getByRole('list', { name: 'Changes at step 10' })).toBeVisible();

    expect(await axeBothThemes(page, ['#run-result', 'section[aria-label="Inspector"]', '.steps'])).toEqual([]);
  });

  test('a share link keeps the traced id and the selected node; reopened in a library that holds the template, it adds no entry', async ({
    page,
  }) => {
    const lb = loadBalancer();
    await openTemplate(page, 'Load balancer');
    await runToEnd(page, lb.steps);
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('requests-1');
    await lineage.getByRole('button', { name: 'Trace' }).click();
    await expect(lineage.getByRole('list', { name: 'Operations of requests-1' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Result' })
      .getByRole('table', { name: 'Sinks' })
      .getByRole('button', { name: 'Metrics', exact: true })
      .click();
    await expect(
      page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: 'Metrics' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/[?&]node=metrics(&|$)/);

    await button(page, 'Share').click();
    const link = await page.getByRole('dialog', { name: 'Share' }).getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/#share=1\.[A-Za-z0-9_-]+$/);
    await page.keyboard.press('Escape');

    const templates = page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name: /^Load balancer/ });
    await expect(templates).toHaveCount(1);
    await page.goto(link);
    await expect(
      page.getByRole('status').filter({
        hasText: '"Load balancer" and this run are already in your library: opened them, nothing was added.',
      }),
    ).toBeVisible();
    // Reopened traced and selected, as it was shared.
    await expect(
      page.getByRole('region', { name: 'Lineage' }).getByRole('list', { name: 'Operations of requests-1' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: 'Metrics' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/[?&]lineage=requests-1(&|$)/);
    await expect(page).toHaveURL(/[?&]node=metrics(&|$)/);
    await expect(page.getByText(`Step ${lb.steps} of ${lb.steps}`)).toBeVisible();
    // Never two identical entries: still one Load balancer, with no run added.
    await expect(templates).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Run' }).locator('option')).toHaveCount(1);
  });

  test('a Sink that names its figure (result: average): the Result shows that figure first, as flowledger run prints it', async ({
    page,
  }) => {
    const scenario = {
      version: '3.0',
      seed: 1,
      nodes: [
        {
          nodeId: 'src',
          type: 'DataSource',
          count: 4,
          generation: { type: 'values', values: [2, 4, 6, 12] },
          outputs: [{ destinationNodeId: 'sink' }],
        },
        { nodeId: 'sink', type: 'Sink', displayName: 'Mean value', result: 'average' },
      ],
    };
    const dir = mkdtempSync(join(tmpdir(), 'flowledger-answers-'));
    let cli: { steps: number; sinks: Record<string, { result: string; value: number; sum: number }> };
    try {
      writeFileSync(join(dir, 'avg.json'), JSON.stringify(scenario));
      cli = JSON.parse(
        execFileSync(process.execPath, ['bin/flowledger.mjs', 'run', join(dir, 'avg.json')], { encoding: 'utf8' }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(cli.sinks['sink']).toMatchObject({ result: 'average', value: 6, sum: 24 });

    await page.goto('./');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { flowledger?: { api?: unknown } }).flowledger?.api !== undefined),
      )
      .toBe(true);
    await page.evaluate(
      (s) =>
        (window as unknown as { flowledger: { api: EngineAPIService } }).flowledger.api.createTemplate({
          name: 'Averages',
          scenario: s,
        }),
      scenario,
    );
    await page.reload();
    await openTemplate(page, 'Averages');
    await runToEnd(page, cli.steps);
    const row = page
      .getByRole('region', { name: 'Result' })
      .getByRole('table', { name: 'Sinks' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Mean value', exact: true }) });
    await expect(row.getByRole('cell').nth(1)).toContainText(
      /^6 average \(named by the Sink\) sum 24\s*latest 12\s*last token src#4$/,
    );
  });
});
