import { test, expect } from './fixtures';
import { openPanel, openTemplate } from './panelHelpers';

const line = (event: string, correlationId: string) =>
  JSON.stringify({ targetDataSourceId: 'sshLog', correlationId, event, user: 'carol', host: '10.0.0.7' });

test.describe('external events panel', () => {
  test('refuses a batch with a bad line, naming the line; then adds valid events that the DataSource consumes', async ({
    page,
  }) => {
    await openTemplate(page, 'SSH sessions from logs');
    const events = await openPanel(page, 'External events');
    const pending = events.getByRole('table', { name: 'Pending events' });
    const sshRow = pending.getByRole('row').filter({ hasText: 'sshLog' });
    const before = Number(await sshRow.getByRole('cell').last().textContent());

    const box = events.getByRole('textbox', { name: 'Events' });
    await box.fill(
      [line('connect', 's-9'), '{"targetDataSourceId": "sshLog", "event": oops}', line('auth_ok', 's-9')].join('\n'),
    );
    await events.getByRole('button', { name: 'Add events' }).click();
    const alert = events.getByRole('alert');
    await expect(alert).toContainText('Nothing was added: 1 line needs fixing.');
    await expect(alert).toContainText('Line 2: not valid JSON');
    await expect(sshRow.getByRole('cell').last()).toHaveText(String(before));

    await box.fill([line('connect', 's-9'), line('auth_ok', 's-9'), line('disconnect', 's-9')].join('\n'));
    await events.getByRole('button', { name: 'Add events' }).click();
    await expect(events.getByRole('status')).toContainText('Added 3 events');
    await expect(alert).toBeHidden();
    await expect(sshRow.getByRole('cell').last()).toHaveText(String(before + 3));

    // Running to the end, the DataSource takes every waiting event: none remain.
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(sshRow.getByRole('cell').last()).toHaveText('0');
    const ledger = await openPanel(page, 'Ledger');
    await ledger.getByRole('searchbox', { name: 'Filter by correlation id' }).fill('s-9');
    await ledger.getByRole('searchbox', { name: 'Filter by correlation id' }).press('Enter');
    await ledger.getByRole('combobox', { name: 'Operation' }).selectOption('TOKEN_GENERATED');
    await expect(ledger.getByText(/^3\s+events up to step/)).toBeVisible();
  });

  test('names a target that is not a DataSource of the template', async ({ page }) => {
    await openTemplate(page, 'SSH sessions from logs');
    const events = await openPanel(page, 'External events');
    await events.getByRole('textbox', { name: 'Events' }).fill('[\n  {"targetDataSourceId": "session"}\n]');
    await events.getByRole('button', { name: 'Add events' }).click();
    await expect(events.getByRole('alert')).toContainText('Line 2: "session" is not a DataSource of this template');
  });

  test('screenshots: pending events and the charts of a log-driven run', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTemplate(page, 'SSH sessions from logs');
    const events = await openPanel(page, 'External events');
    await events
      .getByRole('textbox', { name: 'Events' })
      .fill(
        [line('connect', 's-1'), line('auth_ok', 's-1'), line('connect', 's-2'), line('auth_fail', 's-2')].join('\n'),
      );
    await events.getByRole('button', { name: 'Add events' }).click();
    await expect(events.getByRole('status')).toContainText('Added 4 events');
    await events.screenshot({ path: 'docs/screenshots/panel-events.png' });
    await page.getByRole('button', { name: 'Run to end' }).click();
    const charts = await openPanel(page, 'Charts');
    const legend = charts.getByRole('list', { name: /^SSH session: instances per state at step/ });
    await expect(legend).toBeVisible();
    await expect(legend.getByRole('listitem')).not.toHaveCount(0);
    await charts.screenshot({ path: 'docs/screenshots/panel-charts.png' });
  });
});
