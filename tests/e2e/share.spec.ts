import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';
import { openPanel } from './panelHelpers';
import { button, openTemplate } from './workspaceHelpers';

/**
 * Share links: a run with external events, shared at an earlier step, opened in a fresh browser
 * profile, shows the same step and ends with the same ledger hash as the command line; a run too
 * large for a link is offered as a run file.
 */
type Handle = { flowledger?: { api: EngineAPIService } };

const root = new URL('../../', import.meta.url);
const eventsFile = 'examples/ssh-sessions.events.ndjson';
const events = readFileSync(new URL(eventsFile, root), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l));
const cliHash: string = JSON.parse(
  execFileSync('node', ['bin/flowledger.mjs', 'run', 'examples/ssh-sessions.json', '--events', eventsFile], {
    cwd: root,
    encoding: 'utf8',
  }),
).ledgerHash;
const name = 'SSH sessions from logs';

test.describe('share links', () => {
  test('reproduce a run with its events in a fresh profile: same step shown, same final ledger hash', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000); // two browser profiles, each starting the app and its workers
    await openTemplate(page, name);
    // The events are pasted into the External events panel before the first step, as the CLI's --events.
    const panel = await openPanel(page, 'External events');
    await panel.getByRole('textbox', { name: 'Events' }).fill(readFileSync(new URL(eventsFile, root), 'utf8'));
    await panel.getByRole('button', { name: 'Add events' }).click();
    await expect(panel.getByRole('status')).toContainText(`Added ${events.length} events`);
    await expect(button(page, 'Step 10')).toBeEnabled();
    await button(page, 'Step 10').click();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await page.getByRole('slider', { name: 'Timeline' }).fill('3');
    await expect(page.getByText('Step 3 of 10')).toBeVisible();

    await button(page, 'Share').click();
    const field = page.getByRole('dialog', { name: 'Share' }).getByRole('textbox', { name: 'Link' });
    await expect(field).toBeVisible();
    const link = await field.inputValue();
    expect(link).toMatch(/#share=1\.[A-Za-z0-9_-]+$/);

    // A fresh profile: empty storage, nothing but the link.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    const problems: string[] = [];
    fresh.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    fresh.on('pageerror', (e) => problems.push(e.message));
    await fresh.goto(link);
    await expect(fresh.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 30_000 });
    await expect(fresh.getByText('Step 3 of 10')).toBeVisible();
    await expect(fresh.getByRole('slider', { name: 'Timeline' })).toHaveAttribute('aria-valuenow', '3');
    await expect(fresh.getByRole('status').filter({ hasText: 'Opened the shared run' })).toBeVisible();
    expect(fresh.url()).not.toContain('#share=');
    expect(await fresh.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await button(fresh, 'Run to end').click();
    await expect(fresh.getByTestId('run-status')).toHaveText('Completed');
    const hash = fresh.locator('[data-hash]');
    await expect(hash).toHaveAttribute('data-hash', cliHash);
    expect(problems).toEqual([]);
    await other.close();
  });

  test('a run too large for a link says so and offers the run as a file', async ({ page }) => {
    await page.goto('./');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    // A scenario whose description is incompressible noise well over the link limit.
    const created = await page.evaluate(async () => {
      let x = 2463534242;
      const noise = Array.from({ length: 60_000 }, () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return String.fromCharCode(33 + ((x >>> 0) % 90));
      }).join('');
      const api = (window as Handle).flowledger!.api;
      return api.createTemplate({
        name: 'Too big to share',
        description: 'A large scenario',
        scenario: {
          version: '3.0',
          nodes: [
            { nodeId: 'in', type: 'DataSource', description: noise, outputs: [{ destinationNodeId: 'out' }] },
            { nodeId: 'out', type: 'Sink' },
          ],
        },
      });
    });
    expect(created.success).toBe(true);
    await page.reload();
    await openTemplate(page, 'Too big to share');
    await button(page, 'Share').click();
    const alert = page.getByRole('alert').filter({ hasText: 'too large for a link' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('a link holds up to 32 KiB');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      alert.getByRole('button', { name: 'Download run file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^flowledger-run-.+\.ndjson$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ format: 'flowledger-run', formatVersion: 1 });
  });
});
