import { readFileSync } from 'node:fs';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { test, expect } from './fixtures';
import { button, expected, openTemplate } from './workspaceHelpers';

type Handle = { flowledger?: { api: EngineAPIService } };

const approval = expected('approval-fsm');
const order = expected('order-pipeline');

test.describe('inspector', () => {
  test('selecting a node shows its kind, name, state and counts at the shown step', async ({ page }) => {
    await openTemplate(page, 'Approval desk');
    await button(page, 'Step 10').click();
    await expect(page.getByText(/^Step \d+ of \d+$/)).toHaveText(/Step (\d+) of \1/);
    const live = Number((await page.getByRole('slider', { name: 'Timeline' }).getAttribute('aria-valuenow'))!);
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Approval desk' }).click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    await expect(inspector.getByRole('heading', { name: 'Approval desk' })).toBeVisible();
    await expect(inspector.getByText('FSM', { exact: true })).toBeVisible();
    const desk = approval.statesAt(live).desk!;
    await expect(inspector.getByTestId('current-state')).toHaveText(desk.currentState!);
    await expect(inspector.getByText('Tokens processed')).toBeVisible();
    await expect(inspector.getByRole('list', { name: 'Aggregates' })).toContainText(Object.keys(desk.aggregates)[0]!);
    // The row is marked as the selected one.
    await expect(page.getByRole('table', { name: 'Nodes' }).locator('tr[aria-current="true"]')).toContainText(
      'Approval desk',
    );
    // Moving the timeline moves the Inspector with it.
    await page.getByRole('slider', { name: 'Timeline' }).fill('1');
    await expect(inspector.getByTestId('current-state')).toHaveText(approval.statesAt(1).desk!.currentState ?? '—');
  });

  test('a Sink shows its aggregate with a formula picker and a chart over steps', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await button(page, 'Run to end').click();
    await expect(page.getByText(`Step ${order.steps} of ${order.steps}`)).toBeVisible();
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Small orders' }).click();
    const inspector = page.getByRole('region', { name: 'Inspector' });
    const formula = inspector.getByRole('combobox', { name: 'Formula' });
    await expect(formula.locator('option')).toHaveText([
      'latest',
      'earliest',
      'sum',
      'count',
      'average',
      'min',
      'max',
      'list',
      'distinct',
    ]);
    // It opens on the most telling aggregate: these values are numbers, so their sum.
    await expect(formula).toHaveValue('sum');
    await expect(inspector.getByTestId('aggregate-value')).toHaveText('58');
    await formula.selectOption('count');
    await expect(inspector.getByTestId('aggregate-value')).toHaveText('2');
    await formula.selectOption('sum');
    await expect(inspector.getByTestId('aggregate-value')).toHaveText('58');
    await expect(inspector.getByRole('img', { name: /sum of value over steps 0 to/ })).toBeVisible();
  });

  test('a node breakpoint can be set from the Inspector', async ({ page }) => {
    await openTemplate(page, 'Order pipeline');
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'Revenue per 4 orders' }).click();
    await page.getByRole('checkbox', { name: 'Pause when this node acts' }).check();
    const first = Array.from({ length: order.steps }, (_, i) => i + 1).find((s) =>
      order.activeAt(s).includes('revenue'),
    )!;
    await button(page, 'Run to end').click();
    await expect(page.getByText(`Paused at step ${first}: Revenue per 4 orders acted.`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Inspector' }).getByText(`Events at step ${first}`)).toBeVisible();
  });

  test('a per-correlation state machine shows how many instances are in each state', async ({ page }) => {
    const events = readFileSync(new URL('../../examples/ssh-sessions.events.ndjson', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l));
    await openTemplate(page, 'SSH sessions from logs');
    await page.evaluate(async (evs) => {
      const api = (window as Handle).flowledger!.api;
      const q = new URLSearchParams(location.search);
      await api.addExternalEvents(q.get('template')!, q.get('execution')!, evs);
    }, events);
    // The events went in behind the page's back (the External events panel would say so itself): reload.
    await page.reload();
    await expect(page.getByRole('slider', { name: 'Timeline' })).toBeAttached();
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed');
    await page.getByRole('table', { name: 'Nodes' }).getByRole('button', { name: 'SSH session' }).click();
    const bars = page.getByRole('region', { name: 'Inspector' }).getByRole('list', { name: 'Instances per state' });
    // Same counts as the command line run over the same events.
    await expect(bars.getByRole('listitem')).toHaveText([/closed\s*3/, /locked\s*1/, /timedOut\s*1/]);
    await expect(page.getByRole('table', { name: 'Nodes' }).getByRole('row', { name: /SSH session/ })).toContainText(
      'closed: 3, locked: 1, timedOut: 1',
    );
  });
});
