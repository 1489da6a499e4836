import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The CLI's `parse` summary for the same file and configuration (the reference the screens must equal). */
function cliParse(args: string[]): {
  lines: number;
  parsed: number;
  unparsed: number;
  templates: number;
  groups: number;
} {
  const out = execFileSync('node', ['bin/flowledger.mjs', 'parse', 'public/parser/sources/openssh-2k.log', ...args], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

async function openIngest(page: Page, query = ''): Promise<void> {
  await page.goto(`./?view=ingest${query}`);
  await expect(page.getByRole('region', { name: 'Log sources' })).toBeVisible();
}

/** The number of body rows of a table in the preview. */
async function rowCount(page: Page, table: string): Promise<number> {
  return page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: table }).locator('tbody tr').count();
}

test.describe('log ingestion screens', () => {
  test('bundled OpenSSH log: detected preset, counts equal to the CLI, save, send to a new run, FSMs move', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openIngest(page);
    const sources = page.getByRole('region', { name: 'Log sources' });
    await expect(sources.getByRole('button', { name: 'Add log' })).toBeVisible();
    await sources.getByRole('button', { name: /^OpenSSH \(Loghub 2k sample\)/ }).click();
    await expect(sources.getByText('2,000 lines')).toBeVisible();

    const config = page.getByRole('region', { name: 'Parser configuration' });
    await expect(config.getByRole('status')).toContainText('Detected preset openssh: 100% of 500 lines match');
    // Read by every sampled line, the preset is applied without a click (issue 25).
    await expect(config.getByRole('combobox', { name: 'Preset' })).toHaveValue('openssh');
    await config.getByRole('combobox', { name: 'Group by' }).fill('Pid');

    const preview = page.getByRole('region', { name: 'Preview' });
    const cli = cliParse(['--preset', 'openssh', '--group-by', 'Pid']);
    await expect(preview.getByRole('status')).toHaveText(
      `${cli.lines} lines · ${cli.parsed} parsed · ${cli.unparsed} unmatched · ${cli.templates} templates · ${cli.groups} groups`,
    );
    expect(await rowCount(page, 'Templates')).toBe(cli.templates);
    expect(await rowCount(page, 'Groups')).toBe(Math.min(500, cli.groups));

    // Templates sort by count and filter by text.
    const tpl = preview.getByRole('table', { name: 'Templates' });
    const counts = (await tpl.locator('tbody tr td:nth-child(3)').allInnerTexts()).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await preview.getByRole('searchbox', { name: 'Search templates' }).fill('Accepted');
    await expect(tpl.locator('tbody tr')).not.toHaveCount(cli.templates);
    for (const t of await tpl.locator('tbody tr td:nth-child(2)').allInnerTexts()) expect(t).toContain('Accepted');
    // Groups come largest first.
    const sizes = (
      await preview.getByRole('table', { name: 'Groups' }).locator('tbody tr td:nth-child(2)').allInnerTexts()
    ).map(Number);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    // The seeded configuration with its event rules: the same counts as the CLI with --config.
    const saved = page.getByRole('region', { name: 'Saved configurations' });
    await saved.getByRole('button', { name: 'Load OpenSSH sessions' }).click();
    const cliConfig = cliParse(['--config', 'public/parser/configs/openssh-sessions.json']);
    await expect(preview.getByRole('status')).toHaveText(
      `${cliConfig.lines} lines · ${cliConfig.parsed} parsed · ${cliConfig.unparsed} unmatched · ${cliConfig.templates} templates · ${cliConfig.groups} groups`,
    );
    await config.getByRole('textbox', { name: 'Configuration name' }).fill('My SSH sessions');
    await saved.getByRole('button', { name: 'Save' }).click();
    await expect(saved.getByRole('status')).toHaveText('Saved “My SSH sessions”.');
    await expect(saved.getByRole('button', { name: 'Load My SSH sessions' })).toBeVisible();

    // Send to a new execution of the SSH template.
    const run = page.getByRole('region', { name: 'Run' });
    await expect(run.getByRole('combobox', { name: 'Template' })).toHaveValue(/.+/);
    await expect(run.getByRole('combobox', { name: 'Template' }).locator('option:checked')).toHaveText(
      'SSH attempts from a real sshd log',
    );
    await expect(run.getByRole('combobox', { name: 'Execution' })).toHaveValue('');
    await expect(run.getByRole('combobox', { name: 'DataSource' })).toHaveValue('sshLog');
    await run.getByRole('button', { name: 'Send to run' }).click();

    // The workspace opens on the new execution; stepping it moves the per-session FSMs.
    await expect(page).toHaveURL(/execution=/, { timeout: 45_000 });
    const nodes = page.getByRole('table', { name: 'Nodes' });
    const fsmRow = nodes.getByRole('row').filter({ hasText: 'FSM' }).first();
    await expect(fsmRow).toBeVisible();
    const before = await fsmRow.innerText();
    await page.getByRole('button', { name: 'Step 10' }).click();
    await expect(fsmRow).not.toHaveText(before);
    expect(await fsmRow.innerText()).toMatch(/\d/);
  });

  test('a user log with a bad mask shows the error at the mask, and unmatched lines keep their line numbers', async ({
    page,
  }) => {
    await openIngest(page);
    const text = [
      'Dec 10 06:55:46 LabSZ sshd[24200]: reverse mapping checking getaddrinfo for ns.example.com failed',
      'this line matches no syslog header',
      'Dec 10 06:55:48 LabSZ sshd[24200]: Invalid user webmaster from 173.234.31.186',
      '',
    ].join('\n');
    await page
      .getByRole('region', { name: 'Log sources' })
      .getByLabel('Log files')
      .setInputFiles({
        name: 'mine.log',
        mimeType: 'text/plain',
        buffer: Buffer.from(text),
      });
    const sources = page.getByRole('region', { name: 'Log sources' });
    await expect(sources.getByRole('button', { name: /^mine\.log/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(sources.getByText('3 lines')).toBeVisible();

    const config = page.getByRole('region', { name: 'Parser configuration' });
    await config.getByRole('radio', { name: 'Preset' }).check();
    await config.getByRole('combobox', { name: 'Preset' }).selectOption('syslog');
    const unmatched = page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Unmatched lines' });
    await expect(unmatched.getByRole('row', { name: /^2 this line matches no syslog header$/ })).toBeVisible();

    await config.getByRole('button', { name: 'Add mask' }).click();
    const pattern = config.getByRole('textbox', { name: 'Mask 1 pattern' });
    await pattern.fill('user (');
    await expect(pattern).toHaveAttribute('aria-invalid', 'true');
    await expect(config.getByRole('group', { name: 'Mask 1' }).getByRole('alert')).toContainText(
      'Not a valid regular expression',
    );
    await pattern.fill('x*');
    await expect(config.getByRole('group', { name: 'Mask 1' }).getByRole('alert')).toContainText(
      'matches the empty string',
    );
    await pattern.fill('webmaster');
    await expect(pattern).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Templates' })).toContainText(
      'Invalid user <mask1>',
    );
  });

  test('a catastrophically backtracking mask is stopped with a clear message, and the page stays usable', async ({
    page,
  }) => {
    await openIngest(page);
    await page.getByRole('region', { name: 'Log sources' }).getByRole('button', { name: 'Paste text' }).click();
    await page.getByRole('textbox', { name: 'Log text' }).fill(`${'a'.repeat(40)}!\nsecond line\n`);
    await page.getByRole('button', { name: 'Add pasted log' }).click();
    const config = page.getByRole('region', { name: 'Parser configuration' });
    await config.getByRole('button', { name: 'Add mask' }).click();
    await config.getByRole('textbox', { name: 'Mask 1 pattern' }).fill('(a+)+$');
    const preview = page.getByRole('region', { name: 'Preview' });
    // Refused by the parser's static check, or stopped by the preview worker's watchdog: either way a
    // sentence about backtracking, and no frozen page.
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /backtrack/ })
        .first(),
    ).toBeVisible({ timeout: 15_000 });
    // The page answered throughout, and a fixed mask previews again in a fresh worker.
    await config.getByRole('textbox', { name: 'Mask 1 pattern' }).fill('a+!');
    await expect(preview.getByRole('table', { name: 'Templates' })).toContainText('<mask1>');
    await expect(preview.getByRole('alert')).toHaveCount(0);
  });

  test('the guided example: start page → example → Send to run opens the run', async ({ page }) => {
    await page.goto('./');
    await page.getByRole('link', { name: 'Try it with a real log' }).click();
    await expect(page.getByRole('note')).toContainText('Guided example');
    const run = page.getByRole('region', { name: 'Run' });
    await expect(run.getByRole('combobox', { name: 'DataSource' })).toHaveValue('sshLog');
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Templates' })).toBeVisible({
      timeout: 20_000,
    });
    await run.getByRole('button', { name: 'Send to run' }).click();
    await expect(page).toHaveURL(/execution=/, { timeout: 45_000 });
    await expect(page.getByRole('table', { name: 'Nodes' })).toBeVisible();
  });
});
