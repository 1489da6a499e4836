import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { Engine } from '../../src/engine';
import { runSummary } from '../../src/cli/commands/runSummary';
import { test, expect } from './fixtures';
import { openPanel, openTemplate, runToEnd } from './panelHelpers';
import { button } from './workspaceHelpers';

/**
 * The workspace's answers, read by role and name: the Result after Run to end against what the
 * command line's own summary function prints for the same template (and events: the events consumed,
 * the transitions fired and the warning when no machine moved); the lineage of a forking
 * token as a list with the fork marked and as a drawn graph; Share as a dialog that leaves the
 * header where it was; every screen at phone width without sideways scrolling; axe on the new parts.
 */

const root = new URL('../../', import.meta.url);

/** `flowledger run`'s summary of `examples/<name>.json`, fed `events` (the CLI's code, run here in Node). */
function cli(name: string, events: readonly unknown[] = []) {
  const doc = JSON.parse(readFileSync(new URL(`examples/${name}.json`, root), 'utf8'));
  const engine = new Engine();
  expect(engine.initialize(doc.scenario).errors).toEqual([]);
  if (events.length > 0) expect(engine.getExternalEventQueue().addEvents(events).ok).toBe(true);
  engine.advance('end');
  const names: Record<string, string> = {};
  for (const n of doc.scenario.nodes) names[n.nodeId] = n.displayName ?? n.nodeId;
  return { summary: runSummary(engine), names };
}

/** What a person reads for `v`: numbers grouped, at most two decimals; anything else as JSON. */
const shown = (v: unknown) =>
  typeof v === 'number' ? new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(v) : JSON.stringify(v);
/** A record or a list as the Result shows it readably: `{ key: value, … }`, `[a, b]`, cut at 80 characters. */
const readable = (v: unknown): string => {
  const inner = (x: unknown) => (typeof x === 'number' ? shown(x) : JSON.stringify(x));
  const s = Array.isArray(v)
    ? `[${v.map(inner).join(', ')}]`
    : v !== null && typeof v === 'object'
      ? `{ ${Object.entries(v)
          .map(([k, x]) => `${k}: ${inner(x)}`)
          .join(', ')} }`
      : shown(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

/** axe-core over the elements `selectors` match only: every violation, whatever its impact. */
async function axeOn(page: Page, selectors: string[]): Promise<string[]> {
  const { createRequire } = await import('node:module');
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async (include) => {
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
}

/** `axeOn` in the current theme, then in the other one (left switched back as it was). */
async function axeBothThemes(page: Page, selectors: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < 2; i++) {
    const theme = await page.locator('html').getAttribute('data-theme');
    out.push(...(await axeOn(page, selectors)).map((v) => `${theme}: ${v}`));
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  }
  return out;
}

async function sinkRow(result: Locator, name: string): Promise<Locator> {
  const row = result
    .getByRole('table', { name: 'Sinks' })
    .getByRole('row')
    .filter({ has: result.page().getByRole('rowheader', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('workspace answers', () => {
  test('after Run to end the Result lists every Sink with the count and value the command line reports', async ({
    page,
  }) => {
    const { summary, names } = cli('order-pipeline');
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, summary.steps);
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toBeVisible();
    await expect(result).toContainText(`Completed at step ${summary.steps}`);
    await expect(result).toContainText(`Ledger hash ${summary.ledgerHash}`);
    await expect(result).toContainText(
      `${summary.eventsConsumed} external events consumed · ${summary.transitionsFired} transitions fired`,
    );
    await expect(result.getByRole('alert')).toHaveCount(0);
    const sinks = Object.entries(summary.sinks);
    expect(sinks.length).toBe(4);
    await expect(result.getByRole('table', { name: 'Sinks' }).locator('tbody tr')).toHaveCount(sinks.length);
    for (const [id, s] of sinks) {
      const cells = (await sinkRow(result, names[id]!)).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(String(s.count));
      // Every value of these sinks is a number: the main value is their sum, the latest under it.
      expect(s.values.every((v) => typeof v === 'number')).toBe(true);
      await expect(cells.nth(1)).toContainText(`${shown(s.sum)} sum latest ${shown(s.values[s.values.length - 1])}`);
    }
    // The Invoices sink opens the Inspector on its sum, not on a count that repeats "7 collected".
    await (await sinkRow(result, 'Invoices')).getByRole('button', { name: 'Invoices' }).click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await expect(inspector.getByRole('combobox', { name: 'Formula' })).toHaveValue('sum');
    await expect(inspector.getByTestId('aggregate-value')).toHaveText(String(summary.sinks['invoices']!.sum));
    expect(
      await axeBothThemes(page, ['#run-result', 'table[aria-label="Nodes"]', 'section[aria-label="Inspector"]']),
    ).toEqual([]);
  });

  test('a Sink of records shows its last value, and an FSM its state and counts per state', async ({ page }) => {
    const lb = cli('load-balancer');
    await openTemplate(page, 'Load balancer');
    await runToEnd(page, lb.summary.steps);
    const result = page.getByRole('region', { name: 'Result' });
    for (const [id, s] of Object.entries(lb.summary.sinks)) {
      const cells = (await sinkRow(result, lb.names[id]!)).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(String(s.count));
      const numeric = s.values.every((v) => typeof v === 'number');
      const last = s.values[s.values.length - 1];
      await expect(cells.nth(1)).toContainText(
        numeric ? `${shown(s.sum)} sum latest ${shown(last)}` : `${readable(last)} latest`,
      );
    }
    const approval = cli('approval-fsm');
    await openTemplate(page, 'Approval desk');
    await runToEnd(page, approval.summary.steps);
    const desk = approval.summary.nodeStates['desk']!;
    const fsm = page
      .getByRole('region', { name: 'Result' })
      .getByRole('list', { name: 'State machines' })
      .getByRole('listitem');
    await expect(fsm).toHaveCount(1);
    const counts = Object.entries(desk.aggregates)
      .map(([k, n]) => `${k} ${n as number}`)
      .join(' · ');
    await expect(fsm).toHaveText(`Approval desk in ${desk.currentState} · entered ${counts}`);
  });

  test('a log-driven run whose events no transition takes: the Result counts them consumed, no transition fired, and warns', async ({
    page,
  }) => {
    // Named as the sshd log parsed without event rules names them (template ids): "SSH session"
    // listens for connect, auth_ok, auth_fail and disconnect, so every machine stays in "new".
    const events = ['E9', 'E11', 'E9', 'E4'].map((event, i) => ({
      targetDataSourceId: 'sshLog',
      correlationId: `p${i % 2}`,
      event,
    }));
    const { summary } = cli('ssh-sessions', events);
    expect(summary).toMatchObject({ eventsConsumed: 4, transitionsFired: 0 });
    expect(summary.warnings).toHaveLength(1);
    await openTemplate(page, 'SSH sessions from logs');
    const panel = await openPanel(page, 'External events');
    await panel.getByRole('textbox', { name: 'Events' }).fill(events.map((e) => JSON.stringify(e)).join('\n'));
    await panel.getByRole('button', { name: 'Add events' }).click();
    await expect(panel.getByRole('status')).toContainText('Added 4 events');
    await runToEnd(page, summary.steps);
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText(`Completed at step ${summary.steps}`);
    await expect(result).toContainText('4 external events consumed · 0 transitions fired');
    await expect(result.getByRole('alert')).toHaveText(summary.warnings[0]!);
    await expect(result.getByRole('alert')).toContainText('no machine of SSH session has left its initial state "new"');
    expect(await axeBothThemes(page, ['#run-result'])).toEqual([]);
  });

  test('the Result can be read at any step on demand', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Result at step 10' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('Running at step 10');
    // Earlier in time: what the run amounted to then, by the same function as the command line's --at.
    const { Engine: E } = await import('../../src/engine');
    const doc = JSON.parse(readFileSync(new URL('examples/order-pipeline.json', root), 'utf8'));
    const engine = new E();
    engine.initialize(doc.scenario);
    engine.advance(10);
    const at4 = engine.stateAt(4);
    if (!at4.ok) throw new Error(at4.error.message);
    await page.getByRole('slider', { name: 'Timeline' }).fill('4');
    await expect(result).toContainText('Running at step 4');
    const invoices = (await sinkRow(result, 'Invoices')).getByRole('cell');
    await expect(invoices.nth(0)).toHaveText(String(at4.value.sinks['invoices']!.count));
    await expect(result).toContainText('The ledger hash is read at the run');
  });

  test('the lineage of a forking token shows both branches, in the list and in the graph', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    const lineage = await openPanel(page, 'Lineage');
    await lineage.getByRole('searchbox', { name: 'Correlation id' }).fill('orders-1');
    await lineage.getByRole('button', { name: 'Trace' }).click();
    const ops = lineage.getByRole('list', { name: 'Operations of orders-1' }).locator(':scope > li');
    await expect(ops).toHaveCount(10);
    // The invoice step made two tokens: one to the revenue aggregator, one to the invoices.
    const fork = ops.filter({ hasText: 'Fork: to Revenue per 4 orders and Invoices' });
    await expect(fork).toHaveCount(1);
    await expect(fork).toContainText('Invoice and book revenue');
    await expect(ops.filter({ hasText: 'Branch of Invoice and book revenue, step 4' })).toHaveCount(2);

    const graph = lineage.getByRole('group', { name: /^Lineage graph of orders-1: 9 boxes, 1 forks?, / });
    await expect(graph).toBeVisible();
    const box = (name: RegExp) => graph.getByRole('button', { name });
    await expect(box(/^Invoice and book revenue step 4 · .*fork into 2 branches$/)).toBeVisible();
    await expect(box(/^Revenue per 4 orders step 5 · buffered\s*: TOKEN_BUFFERED$/)).toBeVisible();
    await expect(box(/^Invoices step 5 · collected\s*: TOKEN_COLLECTED$/)).toBeVisible();
    // Both branches sit side by side: the same column, two lanes.
    const a = (await box(/^Revenue per 4 orders step 5/).boundingBox())!;
    const b = (await box(/^Invoices step 5/).boundingBox())!;
    expect(Math.round(a.x)).toBe(Math.round(b.x));
    expect(a.y).not.toBe(b.y);
    // Focus shows what changed there.
    await box(/^Join order and customer step 2 · transformed/).focus();
    await expect(lineage.getByText(/Join order and customer at step 2/)).toBeVisible();
    await expect(lineage.locator('.detail')).toContainText('tier');
    expect(await axeBothThemes(page, ['section[aria-label="Lineage"]'])).toEqual([]);
  });

  test('Share opens a dialog with the link and the embed code, and the header does not move', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    const header = page.locator('.runbar');
    const before = (await header.boundingBox())!;
    const slider = (await page.getByRole('slider', { name: 'Timeline' }).boundingBox())!;
    await button(page, 'Share').click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog).toBeVisible();
    const link = dialog.getByRole('textbox', { name: 'Link' });
    await expect(link).toHaveValue(/#share=1\.[A-Za-z0-9_-]+$/);
    const embed = dialog.getByRole('textbox', { name: 'Embed code' });
    const fragment = (await link.inputValue()).replace(/^[^#]*/, '');
    await expect(embed).toHaveValue(
      new RegExp(`^<iframe src="http://[^"]+/embed\\.html${fragment.replace(/[.]/g, '\\.')}"`),
    );
    await expect(dialog).toContainText('The template "Order pipeline", 0 external events, seed');
    await expect(dialog).toContainText('shown at step 10');
    const problems = await axeOn(page, ['dialog.share']);
    const after = (await header.boundingBox())!;
    expect(after.height).toBe(before.height);
    expect(after.y).toBe(before.y);
    expect((await page.getByRole('slider', { name: 'Timeline' }).boundingBox())!.y).toBe(slider.y);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect((await header.boundingBox())!.height).toBe(before.height);
    // And in the other theme.
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await button(page, 'Share').click();
    await expect(link).toBeVisible();
    problems.push(...(await axeOn(page, ['dialog.share'])));
    expect(problems).toEqual([]);
  });

  test('at 390 px no screen scrolls sideways, and the Nodes rows show processed counts', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const noSideways = async (what: string) => {
      const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scroll, `${what}: scrollWidth ${scroll} at a ${width} px viewport`).toBe(width);
    };
    await openTemplate(page, 'Order pipeline');
    await runToEnd(page, 18);
    await noSideways('workspace');
    const nodes = page.getByRole('table', { name: 'Nodes' });
    const row = nodes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Invoices' }) });
    const processed = row.getByRole('cell').nth(2);
    await expect(processed).toBeVisible();
    await expect(processed).toHaveText('7');
    // Its label is drawn beside it, so the number does not stand alone.
    expect(await processed.evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Processed');
    const box = (await processed.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Every template in the list is whole (the list scrolls inside itself, not the page).
    const items = page.getByRole('navigation', { name: 'Templates' }).getByRole('listitem');
    expect(await items.count()).toBeGreaterThan(3);
    for (const item of await items.all()) {
      await item.scrollIntoViewIfNeeded();
      const b = (await item.boundingBox())!;
      const nav = (await page.getByRole('navigation', { name: 'Templates' }).boundingBox())!;
      expect(b.y).toBeGreaterThanOrEqual(nav.y);
      expect(b.y + b.height).toBeLessThanOrEqual(nav.y + nav.height + 1);
    }
    // A ledger row starts a trace with one tap on its token.
    const ledger = await openPanel(page, 'Ledger');
    const trace = ledger.getByRole('button', { name: /^Trace orders#1 \(orders-1\)$/ }).first();
    await expect(trace).toBeVisible();
    await trace.tap().catch(() => trace.click());
    await expect(page.getByRole('region', { name: 'Lineage' })).toBeVisible();
    await noSideways('workspace with the lineage');
    // Compare with another run of the template.
    await page.getByRole('button', { name: 'New run' }).click();
    await expect(page.getByRole('button', { name: 'Compare', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(page.getByRole('region', { name: /Compar/ }).first()).toBeVisible();
    await noSideways('compare');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.locator('#settings-panel')).toBeVisible();
    await noSideways('settings');
    await page.keyboard.press('Escape');
    for (const [view, ready] of [
      ['library', page.getByRole('heading', { level: 2 }).first()],
      ['editor', page.getByRole('main')],
      ['ingest', page.getByRole('main')],
      ['discover', page.getByRole('main')],
    ] as const) {
      await page.goto(`./?view=${view}`);
      await expect(ready).toBeVisible();
      await page.waitForTimeout(500);
      await noSideways(view);
    }
  });
});
