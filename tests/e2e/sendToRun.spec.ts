import { execFileSync } from 'node:child_process';
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

/**
 * Watches the page's progress bars from now on (every DOM change, not samples): the most shown at
 * once, how many different bar elements appeared, and the phases (the bar's aria-valuetext without
 * its percentage) in the order they were shown.
 */
async function watchBars(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { most: 0, elements: new Set<Element>(), phases: [] as string[] };
    (window as unknown as { bars: typeof seen }).bars = seen;
    const look = () => {
      const bars = [...document.querySelectorAll('[role="progressbar"]')];
      seen.most = Math.max(seen.most, bars.length);
      for (const bar of bars) {
        seen.elements.add(bar);
        const phase = (bar.getAttribute('aria-valuetext') ?? '').replace(/: \d+%$/, '');
        if (phase !== '' && seen.phases.at(-1) !== phase) seen.phases.push(phase);
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuetext'],
    });
    look();
  });
}

/** What `watchBars` saw so far. */
function bars(page: Page): Promise<{ most: number; elements: number; phases: string[] }> {
  return page.evaluate(() => {
    const seen = (window as unknown as { bars: { most: number; elements: Set<Element>; phases: string[] } }).bars;
    return { most: seen.most, elements: seen.elements.size, phases: seen.phases };
  });
}

/** The OpenSSH sample's events under the seeded configuration, as the CLI counts them. */
function cliEvents(): number {
  const out = execFileSync(
    'node',
    [
      'bin/flowledger.mjs',
      'parse',
      'public/parser/sources/openssh-2k.log',
      '--config',
      'public/parser/configs/openssh-sessions.json',
    ],
    { encoding: 'utf8' },
  );
  return (JSON.parse(out.trim().split('\n').pop()!) as { parsed: number }).parsed;
}

/**
 * 233 copies of the sample: 52,475,561 bytes (≥ 50 MiB) and 466,000 events, under the 1,000,000
 * events one run may receive at once (`PARSER_LIMITS.maxEventLimit`).
 */
const COPIES_50MB = 233;

test.describe('Send to run: a log reaches the store and the run as a stream', () => {
  test('the bundled sshd log: one progress bar, then its run opens with the events of its 2,000 lines', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('./?view=ingest');
    await page.waitForFunction(() => 'flowledger' in window);
    const sources = page.getByRole('region', { name: 'Log sources' });
    await sources.getByRole('button', { name: /^OpenSSH \(Loghub 2k sample\)/ }).click();
    await page
      .getByRole('region', { name: 'Saved configurations' })
      .getByRole('button', { name: 'Load OpenSSH sessions' })
      .click();
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('combobox', { name: 'Template' }).selectOption({ label: SSH_TEMPLATE });
    await expect(run.getByRole('combobox', { name: 'DataSource' })).toHaveValue('sshLog');
    await watchBars(page);
    await run.getByRole('button', { name: 'Send to run' }).click();
    await expect(page).toHaveURL(/execution=/, { timeout: 90_000 });
    const seen = await bars(page);
    expect(seen.most).toBe(1);
    expect(seen.elements).toBe(1);
    const executionId = new URL(page.url()).searchParams.get('execution')!;
    const record = await page.evaluate(
      (id) => (window as unknown as Handle).flowledger!.api.getExecution(id),
      executionId,
    );
    const events = cliEvents();
    expect(events).toBe(2000);
    expect(record.externalEventCount).toBe(events);
  });

  test('a generated 50 MB log: ONE progress bar goes from reading the log to adding events, then its run opens with every event', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const size = await ready(page, 'fifty.log', COPIES_50MB);
    expect(size).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    await watchBars(page);
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('button', { name: 'Send to run' }).click();
    const bar = run.getByRole('progressbar', { name: 'Sending to the run' });
    await expect(bar).toHaveAttribute('aria-valuetext', /^Reading the log/);
    await expect(page).toHaveURL(/execution=/, { timeout: 240_000 });
    const seen = await bars(page);
    expect(seen.most).toBe(1);
    expect(seen.elements).toBe(1);
    expect(seen.phases[0]).toMatch(/^Reading the log \(templates\)/);
    expect(seen.phases).toContain('Reading the log (events)');
    expect(seen.phases.at(-1)).toBe('Adding events');
    expect(seen.phases.indexOf('Adding events')).toBeGreaterThan(seen.phases.indexOf('Reading the log (events)'));
    const executionId = new URL(page.url()).searchParams.get('execution')!;
    const record = await page.evaluate(
      (id) => (window as unknown as Handle).flowledger!.api.getExecution(id),
      executionId,
    );
    expect(record.externalEventCount).toBe(COPIES_50MB * 2000);
  });

  test('Cancel while the events of a 50 MB log are added leaves nothing: no run, no event, no source, the configuration as it was', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await ready(page, 'cancel-enqueue.log', COPIES_50MB);
    const before = await stored(page);
    await watchBars(page);
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('button', { name: 'Send to run' }).click();
    const bar = run.getByRole('progressbar', { name: 'Sending to the run' });
    await expect(bar).toHaveAttribute('aria-valuetext', /^Adding events/, { timeout: 240_000 });
    await run.getByRole('button', { name: 'Cancel' }).click();
    await expect(run.getByRole('alert')).toContainText('Not sent:', { timeout: 120_000 });
    await expect(bar).toHaveCount(0);
    // The worker answers the store's questions once the cancelled operation has undone its work.
    await expect.poll(() => stored(page), { timeout: 120_000 }).toEqual(before);
    expect(page.url()).not.toMatch(/execution=/);
    const seen = await bars(page);
    expect(seen.most).toBe(1);
    expect(seen.elements).toBe(1);
  });

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

  test('Cancel while the log is read leaves nothing stored: no source, the configuration as it was, no run', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await ready(page, 'cancelled.log', 200);
    const before = await stored(page);
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('button', { name: 'Send to run' }).click();
    const bar = run.getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(run.getByText(/Reading the log/)).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuetext', /^Reading the log/);
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
