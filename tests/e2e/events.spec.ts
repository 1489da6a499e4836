import { readFileSync } from 'node:fs';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { test, expect } from './fixtures';
import { openPanel, openTemplate } from './panelHelpers';
import { docShot } from './docShot';
import { cliRunPledFixture } from './workspaceHelpers';

type Handle = { flowledger?: { api: EngineAPIService } };

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
    await events.screenshot({ path: docShot('docs/screenshots/panel-events.png') });
    await page.getByRole('button', { name: 'Run to end' }).click();
    const charts = await openPanel(page, 'Charts');
    const legend = charts.getByRole('list', { name: /^SSH session: instances per state at step/ });
    await expect(legend).toBeVisible();
    await expect(legend.getByRole('listitem')).not.toHaveCount(0);
    await charts.screenshot({ path: docShot('docs/screenshots/panel-charts.png') });
  });
});

test.describe('external events in the original tool shape', () => {
  // tests/fixtures/pled/document-review: "uploads" listens for document.uploaded, the
  // ExternalEventSource "reviews" for review.completed; its README works out the results by hand.
  const root = new URL('../../', import.meta.url);
  const fixture = (file: string) => readFileSync(new URL(`tests/fixtures/pled/${file}`, root), 'utf8');
  const doc = JSON.parse(fixture('document-review.json')) as { name: string; description: string; scenario: unknown };
  const eventsText = fixture('document-review.events.json');
  const cliHash = cliRunPledFixture('document-review').ledgerHash;

  test('typed events: a bad line named, then the fixture events run to the hand-computed sink, and its share link reproduces the hash', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // two browser profiles, each starting the app and its workers
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    const created = await page.evaluate((body) => (window as Handle).flowledger!.api.createTemplate(body as never), {
      name: doc.name,
      description: doc.description,
      scenario: doc.scenario,
    });
    expect(created.success).toBe(true);
    await openTemplate(page, doc.name);

    const events = await openPanel(page, 'External events');
    const box = events.getByRole('textbox', { name: 'Events' });
    // The help (the box's description) names the types listened for and shows one example per shape.
    await expect(box).toHaveAccessibleDescription(
      /typed sources listen for: document\.uploaded, review\.completed\..*\{"targetDataSourceId":"uploads","data":\{.*\{"id":"e1",.*"type":"document\.uploaded",.*"data":\{/,
    );
    await expect(events.getByRole('combobox', { name: 'DataSource for events without a target' })).toHaveValue('');

    // The original's events as NDJSON, line 3 with neither a target nor a type.
    const lines = (JSON.parse(eventsText) as Record<string, unknown>[]).map((e) => JSON.stringify(e));
    const bad = [...lines];
    bad[2] = JSON.stringify({ id: 'e3', source: 'reviewer', data: { documentId: 'd1', score: 4 } });
    await box.fill(bad.join('\n'));
    await events.getByRole('button', { name: 'Add events' }).click();
    const alert = events.getByRole('alert');
    await expect(alert).toContainText('Nothing was added: 1 line needs fixing.');
    await expect(alert).toContainText(
      'Line 3: an event needs "targetDataSourceId" or a "type" that an execution-events source listens for; this template\'s typed sources listen for: "document.uploaded", "review.completed"',
    );
    const pending = events.getByRole('table', { name: 'Pending events' });
    const row = (name: string) => pending.getByRole('row').filter({ hasText: name }).getByRole('cell').last();
    await expect(row('Uploaded documents')).toHaveText('0');
    await expect(row('Completed reviews')).toHaveText('0');

    await box.fill(lines.join('\n'));
    await events.getByRole('button', { name: 'Add events' }).click();
    await expect(events.getByRole('status')).toContainText('Added 8 events');
    await expect(alert).toBeHidden();
    // Routed by type: e1, e2, e5, e7 are uploads; e3, e4, e6, e8 reviews.
    await expect(row('Uploaded documents')).toHaveText('4');
    await expect(row('Completed reviews')).toHaveText('4');

    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed');
    // README: four pairs matched (8, 6, 0, 5) → the Queue takes 4 tokens and emits two batches of two →
    // the monitor processes 2 and ends in "alert" → the sink collects the two batches.
    await page.getByRole('tab', { name: 'Nodes' }).click();
    const nodes = page.getByRole('table', { name: 'Nodes' });
    // Cells after the row header: Kind, State, Processed, Held / collected.
    const cells = (name: RegExp) => nodes.getByRole('row', { name }).getByRole('cell');
    await expect(cells(/^Batch of two/).nth(2)).toHaveText('4');
    await expect(cells(/^Quality monitor/).nth(1)).toHaveText('alert');
    await expect(cells(/^Quality monitor/).nth(2)).toHaveText('2');
    await expect(cells(/^Batches/).nth(3)).toHaveText('2 collected');
    await expect(page.locator('[data-hash]')).toHaveAttribute('data-hash', cliHash);

    // Its share link, opened in a fresh profile, replays the typed events to the same hash.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const link = await page.getByRole('dialog', { name: 'Share' }).getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/#share=1\.[A-Za-z0-9_-]+$/);
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(link);
    await expect(fresh.getByRole('heading', { level: 2, name: doc.name })).toBeVisible({ timeout: 30_000 });
    await expect(fresh.getByRole('status').filter({ hasText: 'Opened the shared run' })).toBeVisible();
    await expect(fresh.getByTestId('run-status')).toHaveText('Completed');
    await expect(fresh.locator('[data-hash]')).toHaveAttribute('data-hash', cliHash);
    await other.close();
  });
});
