import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'fflate';
import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { encodeShare, toBase64Url, type SharePayload } from '../../src/ui/controllers/share/shareLink';
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
    // The fresh profile holds the bundled example, the very template shared: no second entry is made.
    await expect(
      fresh.getByRole('status').filter({ hasText: `"${name}" is already in your library (the same template)` }),
    ).toBeVisible();
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

  test('a link whose replay fails half-way leaves no template or run behind, and keeps the link to copy or try again', async ({
    page,
    pageProblems,
  }) => {
    // The second batch of events names a DataSource the template does not have: the template and
    // its execution are created, then adding the events is refused.
    const payload: SharePayload = {
      template: {
        name: 'Half-way share',
        description: '',
        scenario: {
          version: '3.0',
          nodes: [
            { nodeId: 'in', type: 'DataSource', outputs: [{ destinationNodeId: 'out' }] },
            { nodeId: 'out', type: 'Sink' },
          ],
        },
      },
      seed: 1,
      inputLog: [
        { step: 0, events: [{ targetDataSourceId: 'in', value: 1 }] },
        { step: 2, events: [{ targetDataSourceId: 'nowhere', value: 2 }] },
      ],
      step: 3,
      ended: false,
      ledgerHash: null,
      view: { step: 3, node: null, lineage: null },
    };
    const link = encodeShare(payload);
    if (!link.ok) throw new Error('expected a link');
    await page.goto(`./${link.fragment}`);
    const notice = page.getByRole('status').filter({ hasText: 'could not be replayed' });
    await expect(notice).toContainText('nowhere');
    await expect(notice).toContainText('Nothing of it was kept.');
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const field = page.getByRole('textbox', { name: 'Share link' });
    await expect(field).toHaveValue(new URL(`./${link.fragment}`, page.url()).href);
    expect(await templateNames(page)).not.toContain('Half-way share');
    await expect(
      page.getByRole('navigation', { name: 'Templates' }).getByRole('link', { name: 'Half-way share' }),
    ).toHaveCount(0);

    // Try again replays it once more: the same refusal, and still nothing kept.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(notice).toContainText('Nothing of it was kept.');
    await expect(field).toBeVisible();
    expect(await templateNames(page)).not.toContain('Half-way share');
    pageProblems.splice(
      0,
      pageProblems.length,
      ...pageProblems.filter((p) => !p.includes('the server responded with a status of 400')),
    );
  });

  test('a link that unpacks past 16 MiB is refused at once with its size; only a truncated link is called cut off', async ({
    page,
  }) => {
    // 20 MiB of one repeated string in a 27 KB link (the 87 KB link of issue 39 took 23 s and 341 MB).
    const bomb = deflateSync(new TextEncoder().encode(`{"template":"${'a'.repeat(20 * 1024 * 1024)}"}`), { level: 1 });
    const fragment = `#share=1.${toBase64Url(bomb)}`;
    const started = Date.now();
    await page.goto(`./${fragment}`);
    const refused = page.getByRole('status').filter({ hasText: 'cannot be opened' });
    await expect(refused).toContainText(
      `This share link cannot be opened: it unpacks to more than 16 MiB (the link is ${Math.ceil(fragment.length / 1024)} KB; ` +
        'a shared run is refused past 16 MiB). Ask for a new link.',
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    await page.waitForFunction(() => (window as Handle).flowledger !== undefined);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveValue(
      new URL(`./${fragment}`, page.url()).href,
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

    // A good link cut short is "cut off"; the bomb above never was.
    const good = encodeShare({
      template: { name: 'Cut', description: '', scenario: { version: '3.0', nodes: [] } },
      seed: 1,
      inputLog: [],
      step: 0,
      ended: false,
      ledgerHash: null,
      view: { step: null, node: null, lineage: null },
    });
    if (!good.ok) throw new Error('expected a link');
    // A new document (a change of fragment alone would not load the page again).
    await page.goto('about:blank');
    await page.goto(`./${good.fragment.slice(0, -12)}`);
    await expect(page.getByRole('status').filter({ hasText: 'cannot be opened' })).toContainText(
      'its data ends early (was it cut off when it was copied?)',
    );
  });
});

/** The names of the templates stored, through the page's API handle. */
async function templateNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (window as Handle).flowledger!.api.listTemplates()).templates.map((t) => t.name),
  );
}
