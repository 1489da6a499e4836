import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from './axe';
import { expect, test } from './fixtures';
import { button, nodesTable } from './workspaceHelpers';

const LOG = 'public/parser/sources/openssh-2k.log';
const CONFIG = 'public/parser/configs/openssh-sessions.json';
const TEMPLATE = 'examples/ssh-log-sessions.json';

/** The command line on the same log, configuration and template: check-events' report and the run's sinks. */
function cliReference(): { report: string; sinks: Record<string, { count: number }> } {
  const dir = mkdtempSync(join(tmpdir(), 'flowledger-e2e-'));
  const events = join(dir, 'events.ndjson');
  const cli = (...args: string[]) => execFileSync('node', ['bin/flowledger.mjs', ...args], { encoding: 'utf8' });
  cli('parse', LOG, '--config', CONFIG, '--out', events);
  const report = cli('check-events', TEMPLATE, '--events', events);
  const run = JSON.parse(cli('run', TEMPLATE, '--events', events)) as { sinks: Record<string, { count: number }> };
  return { report, sinks: run.sinks };
}

test.describe('the events a run will receive', () => {
  test('sshd log without event rules: the SSH template warns 0 match, the saved configuration fixes it, the run fills its sinks as the CLI does', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const ref = cliReference();
    const matched = /^(\d+) of (\d+) events could be taken by a transition of Connection attempt/m.exec(ref.report);
    expect(matched).not.toBeNull();
    const [, n, m] = matched!;

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('./?view=ingest');
    const sources = page.getByRole('region', { name: 'Log sources' });
    await sources.getByRole('button', { name: /^OpenSSH \(Loghub 2k sample\)/ }).click();

    // The detected preset reads every sampled line: applied on its own, said so, with Undo.
    const config = page.getByRole('region', { name: 'Parser configuration' });
    await expect(config.getByRole('status')).toContainText(
      'Detected preset openssh: 100% of 500 lines match — applied',
    );
    await expect(config.getByRole('radio', { name: 'Preset' })).toBeChecked();
    await config.getByRole('button', { name: 'Undo' }).click();
    await expect(config.getByRole('radio', { name: 'Whole line' })).toBeChecked();
    await config.getByRole('button', { name: 'Use openssh' }).click();
    await expect(config.getByRole('combobox', { name: 'Preset' })).toHaveValue('openssh');
    await config.getByRole('combobox', { name: 'Group by' }).fill('Pid');

    // The Events table: template ids as names, to the form's DataSource, 519 sessions in all.
    const preview = page.getByRole('region', { name: 'Preview' });
    const events = preview.getByRole('table', { name: 'Events' });
    await expect(events.getByRole('row', { name: /^E\d+ logs \d+/ }).first()).toBeVisible({ timeout: 20_000 });
    const counts = (await events.locator('tbody tr td:nth-child(3)').allInnerTexts()).map(Number);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(Number(m));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await expect(events.locator('tbody tr').first().locator('td').nth(4)).toContainText('Pid');

    // Choosing the SSH template: a visible warning that nothing matches, offering the saved configuration.
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'SSH attempts from a real sshd log' });
    const warning = run.getByRole('alert');
    await expect(warning).toContainText(`0 of ${m} events could be taken by a transition of Connection attempt`);
    await expect(warning).toBeVisible();
    await expect(run.getByRole('button', { name: 'Use OpenSSH sessions for this template' })).toBeVisible();
    await expect(run).toContainText('Transitions no event will fire: connecting → invalidUser (invalid_user)');
    const fix = run.getByRole('button', { name: 'Use saved configuration “OpenSSH sessions”' });
    await expect(fix).toBeVisible();
    // The Events table now names the chosen DataSource.
    await expect(events.getByRole('row', { name: /^E\d+ sshLog \d+/ }).first()).toBeVisible();

    // Loading it: the warning turns into N of M, the numbers the command line reports.
    await fix.click();
    await expect(run.getByRole('group', { name: 'Event coverage' })).toContainText(
      `${n} of ${m} events could be taken by a transition of Connection attempt`,
    );
    await expect(run.getByRole('alert')).toHaveCount(0);
    await expect(events.getByRole('row', { name: /^auth_fail sshLog \d+/ })).toBeVisible();
    await expect(run.getByText('OpenSSH sessions (loaded)')).toBeVisible();

    // Send to run, then run to the end: the sinks hold what the command line's run gives.
    const send = run.getByRole('button', { name: 'Send to run' });
    await expect(send).toBeInViewport();
    await send.click();
    await expect(page).toHaveURL(/execution=/, { timeout: 45_000 });
    await button(page, 'Run to end').click();
    await expect(page.getByTestId('run-status')).toHaveText('Completed', { timeout: 45_000 });
    const table = await nodesTable(page);
    expect(ref.sinks['report']!.count).toBeGreaterThan(0);
    expect(ref.sinks['alerts']!.count).toBeGreaterThan(0);
    expect(table['Outcome report']!.held).toBe(`${ref.sinks['report']!.count} collected`);
    expect(table['Brute-force alerts']!.held).toBe(`${ref.sinks['alerts']!.count} collected`);
  });

  test('the guided example: Send to run, which its note asks for, is on screen at 1280×720 without scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('./?view=ingest&example=openssh');
    await expect(page.getByRole('note')).toContainText('Press Send to run');
    const run = page.getByRole('region', { name: 'Run' });
    await expect(run.getByRole('combobox', { name: 'DataSource' })).toHaveValue('sshLog');
    await expect(run.getByRole('button', { name: 'Send to run' })).toBeInViewport();
    expect(await page.locator('.ingest').evaluate((el) => el.scrollTop)).toBe(0);
  });

  test('mapping a template id to an event name in the small table adds the event rule and matches those events', async ({
    page,
  }) => {
    await page.goto('./?view=ingest');
    await page
      .getByRole('region', { name: 'Log sources' })
      .getByRole('button', { name: /^OpenSSH \(Loghub 2k sample\)/ })
      .click();
    const config = page.getByRole('region', { name: 'Parser configuration' });
    await expect(config.getByRole('status')).toContainText('applied');
    await config.getByRole('combobox', { name: 'Group by' }).fill('Pid');
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'SSH attempts from a real sshd log' });
    await expect(run.getByRole('alert')).toContainText('0 of 2000 events could be taken');
    // The most frequent template id becomes auth_fail: exactly its events then match.
    await run.getByText('Map template ids to event names').click();
    const first = run.getByRole('table', { name: 'Template ids to event names' }).locator('tbody tr').first();
    const [id, , count] = await first.locator('td').allInnerTexts();
    // The warning, its fixes and the open table pass axe-core.
    expect(await new AxeBuilder(page).seriousViolations()).toEqual([]);
    await run.getByRole('combobox', { name: `Event for ${id}` }).selectOption('auth_fail');
    await expect(run.getByRole('group', { name: 'Event coverage' })).toContainText(
      `${count} of 2000 events could be taken by a transition of Connection attempt`,
    );
    await expect(config.getByRole('textbox', { name: 'Rule 1 event' })).toHaveValue('auth_fail');
    await expect(config.getByRole('combobox', { name: 'Rule 1 matches' })).toHaveValue('template');
  });
});
