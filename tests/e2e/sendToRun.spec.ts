import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { EngineAPIService } from '../../src/client/EngineAPIService';
import { expect, test } from './fixtures';

type Handle = { flowledger?: { api: EngineAPIService } };

const RAW = readFileSync('public/parser/sources/openssh-2k.log', 'utf8');
/** The sample as whole lines (it has no newline at its end): copies of it never join two lines. */
const SAMPLE = RAW.endsWith('\n') ? RAW : `${RAW}\n`;
const SSH_TEMPLATE = 'SSH attempts from a real sshd log';

/**
 * Adds a generated log of `copies` copies of the OpenSSH sample (2,000 lines each) as a File made
 * in the page from repeated parts — cheap however large — through the "Log files" input.
 */
async function addGeneratedLog(page: Page, name: string, copies: number): Promise<number> {
  return page.evaluate(
    ({ name, sample, copies }) => {
      const part = new Blob([sample]);
      const file = new File(
        Array.from({ length: copies }, () => part),
        name,
        { type: 'text/plain' },
      );
      const dt = new DataTransfer();
      dt.items.add(file);
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Log files"]')!;
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return file.size;
    },
    { name, sample: SAMPLE, copies },
  );
}

/** The ingestion screen with the generated log selected, the OpenSSH sessions configuration and the SSH template chosen. */
async function ready(page: Page, name: string, copies: number): Promise<number> {
  await page.goto('./?view=ingest');
  await page.waitForFunction(() => 'flowledger' in window);
  const size = await addGeneratedLog(page, name, copies);
  const sources = page.getByRole('region', { name: 'Log sources' });
  await expect(sources.getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page
    .getByRole('region', { name: 'Saved configurations' })
    .getByRole('button', { name: 'Load OpenSSH sessions' })
    .click();
  const run = page.getByRole('region', { name: 'Run' });
  await run.getByRole('combobox', { name: 'Template' }).selectOption({ label: SSH_TEMPLATE });
  await expect(run.getByRole('combobox', { name: 'DataSource' })).toHaveValue('sshLog');
  return size;
}

/** What a send could have stored: user sources, configurations, executions of the SSH template. */
async function stored(page: Page) {
  return page.evaluate(async (title) => {
    const api = (window as unknown as Handle).flowledger!.api;
    const template = (await api.listTemplates()).templates.find((t) => t.name === title)!;
    return {
      sources: (await api.listSources()).sources.filter((s) => s.origin === 'user').map((s) => s.name),
      configs: (await api.listParserConfigs()).map((c) => `${c.id} ${c.updatedAt}`),
      executions: (await api.listExecutions(template.id)).executions.map((e) => e.id),
    };
  }, SSH_TEMPLATE);
}

test.describe('Send to run: a log reaches the store and the run as a stream', () => {
  test('a generated 4.5 MB log: its run opens with every event, the log stored as it was sent', async ({ page }) => {
    test.setTimeout(120_000);
    await ready(page, 'generated.log', 20);
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('button', { name: 'Send to run' }).click();
    await expect(page).toHaveURL(/execution=/, { timeout: 90_000 });
    const executionId = new URL(page.url()).searchParams.get('execution')!;
    const record = await page.evaluate(
      (id) => (window as unknown as Handle).flowledger!.api.getExecution(id),
      executionId,
    );
    expect(record.externalEventCount).toBe(40_000);
    const source = await page.evaluate(async () =>
      (await (window as unknown as Handle).flowledger!.api.listSources()).sources.find(
        (s) => s.name === 'generated.log',
      )!,
    );
    expect(source.bytes).toBe(20 * Buffer.byteLength(SAMPLE));
  });

  test('Cancel mid-way leaves nothing stored: no source, the configuration as it was, no run', async ({ page }) => {
    test.setTimeout(120_000);
    await ready(page, 'cancelled.log', 200);
    const before = await stored(page);
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('button', { name: 'Send to run' }).click();
    const bar = run.getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(run.getByText(/Reading the log/)).toBeVisible();
    await run.getByRole('button', { name: 'Cancel' }).click();
    await expect(run.getByRole('alert')).toContainText('Not sent: Sending the log to the run was cancelled', {
      timeout: 20_000,
    });
    await expect(run.getByRole('alert')).toContainText('nothing was stored');
    await expect(bar).toHaveCount(0);
    expect(await stored(page)).toEqual(before);
    expect(page.url()).not.toMatch(/execution=/);
  });

  test('a log over the 256 MiB bound is refused at once, with its size and the bound; nothing is stored', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // 1,200 copies of the 225,217-byte sample: 270,260,400 bytes, just over 256 MiB.
    const size = await ready(page, 'huge.log', 1200);
    expect(size).toBeGreaterThan(256 * 1024 * 1024);
    const before = await stored(page);
    const run = page.getByRole('region', { name: 'Run' });
    const t0 = Date.now();
    await run.getByRole('button', { name: 'Send to run' }).click();
    await expect(run.getByRole('alert')).toContainText(
      `Not sent: The log is ${size} bytes (257.7 MiB); a source may be at most 268435456 bytes (256 MiB); nothing was read or stored`,
    );
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(await stored(page)).toEqual(before);
  });
});
