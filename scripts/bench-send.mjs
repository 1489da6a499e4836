// Benchmark row P5 (scripts/bench-browser.mjs): "Send to run" of a ~250 MB log on the ingestion screen —
// the bundled OpenSSH sample, each line padded to ~260 bytes so the log stays under one run's
// 1,000,000-event bound — picked as a file, sent to a new run of the SSH template with the OpenSSH
// sessions configuration, through the engine worker's one `ingestIntoRun` operation (parsed from the
// File in slices, stored as the Blob, enqueued). Measured: the time until the run opens, the events
// the run received (every line must be one), and the page's peak JS heap while it ran (CDP
// Performance.getMetrics JSHeapUsedSize, sampled every 200 ms) — bounded: far under the log's size.
// Then a log over the 256 MiB bound (a File of repeated parts made in the page) must be refused at
// once, with its size.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TARGET_BYTES = 250_000_000;
/** Peak page heap the row accepts: the log must never be in the page (a tenth of it is generous). */
const HEAP_BOUND = 64 * 1024 * 1024;
const SSH_TEMPLATE = 'SSH attempts from a real sshd log';

/** Not pure (writes a temporary file, drives the page): the P5 row. */
export async function measureSendToRun(page, baseUrl, root, log) {
  log('P5: a 250 MB log sent to a run…');
  const sample = readFileSync(join(root, 'public/parser/sources/openssh-2k.log'), 'utf8');
  const padded = `${sample
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `${l} ${'x'.repeat(Math.max(0, 259 - l.length))}`)
    .join('\n')}\n`;
  const copyLines = padded.split('\n').length - 1;
  const dir = mkdtempSync(join(tmpdir(), 'flowledger-p5-'));
  const file = join(dir, 'send-250mb.log');
  const fd = openSync(file, 'w');
  const chunk = Buffer.from(padded);
  let size = 0;
  let lines = 0;
  while (size + chunk.length <= TARGET_BYTES) {
    size += writeSync(fd, chunk);
    lines += copyLines;
  }
  closeSync(fd);
  try {
    await page.goto(`${baseUrl}?view=ingest`);
    await page.waitForFunction(() => window.flowledger !== undefined);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    await page.getByLabel('Log files').setInputFiles(file);
    await page.getByRole('button', { name: /^send-250mb\.log/ }).waitFor();
    await page
      .getByRole('region', { name: 'Saved configurations' })
      .getByRole('button', { name: 'Load OpenSSH sessions' })
      .click();
    const run = page.getByRole('region', { name: 'Run' });
    await run.getByRole('combobox', { name: 'Template' }).selectOption({ label: SSH_TEMPLATE });
    await page.waitForTimeout(1000);
    const baseline = await heap();
    let peak = baseline;
    const phases = new Set();
    const t0 = Date.now();
    await run.getByRole('button', { name: 'Send to run' }).click();
    while (!/execution=/.test(page.url())) {
      peak = Math.max(peak, await heap());
      const text = await run
        .locator('.figures')
        .innerText({ timeout: 100 })
        .catch(() => null);
      if (text) phases.add(text.replace(/:.*$/, ''));
      const failed = await run
        .getByRole('alert')
        .innerText({ timeout: 100 })
        .catch(() => null);
      if (failed) throw new Error(`P5: the send failed: ${failed}`);
      if (Date.now() - t0 > 900_000) throw new Error('P5: the run did not open within 15 minutes');
      await page.waitForTimeout(200);
    }
    const ms = Date.now() - t0;
    const executionId = new URL(page.url()).searchParams.get('execution');
    const received = (await page.evaluate((id) => window.flowledger.api.getExecution(id), executionId))
      .externalEventCount;

    // Over the bound: refused at once, with its size.
    await page.goto(`${baseUrl}?view=ingest`);
    await page.waitForFunction(() => window.flowledger !== undefined);
    // The fewest copies of the padded sample that pass 256 MiB.
    const copies = Math.floor((256 * 1024 * 1024) / Buffer.byteLength(padded)) + 1;
    const bigSize = await page.evaluate(
      ({ text, copies }) => {
        const part = new Blob([text]);
        const big = new File(
          Array.from({ length: copies }, () => part),
          'over-bound.log',
          { type: 'text/plain' },
        );
        const dt = new DataTransfer();
        dt.items.add(big);
        const input = document.querySelector('input[aria-label="Log files"]');
        input.files = dt.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
        return big.size;
      },
      { text: padded, copies },
    );
    await page.getByRole('button', { name: /^over-bound\.log/ }).waitFor();
    await page
      .getByRole('region', { name: 'Saved configurations' })
      .getByRole('button', { name: 'Load OpenSSH sessions' })
      .click();
    await run.getByRole('combobox', { name: 'Template' }).selectOption({ label: SSH_TEMPLATE });
    const r0 = Date.now();
    await run.getByRole('button', { name: 'Send to run' }).click();
    const refusal = await run.getByRole('alert').innerText();
    const refusedMs = Date.now() - r0;

    const mib = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
    return {
      id: 'P5',
      measure:
        'a 250 MB log picked as a file and sent to a new run (Send to run: parsed from the File in the engine worker, stored as the Blob, every line enqueued); then a log over 256 MiB',
      bytes: size,
      lines,
      ms,
      eventsReceived: received,
      phases: [...phases],
      pageHeapBaselineMiB: mib(baseline),
      pageHeapPeakMiB: mib(peak),
      overBoundBytes: bigSize,
      overBoundRefusedMs: refusedMs,
      overBoundMessage: refusal,
      target: `every line in the run; page heap peak ≤ ${mib(HEAP_BOUND)} MiB; over 256 MiB refused ≤ 2 s with its size`,
      pass:
        received === lines &&
        peak <= HEAP_BOUND &&
        refusedMs <= 2000 &&
        refusal.includes(`The log is ${bigSize} bytes`),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Not pure (drives the page): the P6 row. The same 250 MB log stored through the page's API —
 * `window.flowledger.api.addSource` (`POST /api/parser/sources`: the log is the JSON body's
 * `content`, so it is in the page as a string) — must be answered with the source stored at its full
 * size, and listed; the page's peak JS heap is reported (the text, its JSON body and their copies
 * are in the page: this path is for scripts, the screen sends a File). Then a log over 256 MiB
 * through the same call must be refused with 413 and its size.
 */
export async function measureApiAddSource(page, baseUrl, log) {
  log('P6: a 250 MB log stored through the API (addSource)…');
  await page.goto(`${baseUrl}?view=ingest`);
  await page.waitForFunction(() => window.flowledger !== undefined);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const baseline = await heap();
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await heap().catch(() => 0));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const line = `Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user webmaster from 173.234.31.186 ${'x'.repeat(180)}\n`;
  let stored;
  let over;
  try {
    stored = await page.evaluate(
      async ({ line, bytes }) => {
        const content = line.repeat(Math.floor(bytes / line.length));
        const t0 = performance.now();
        const answer = await window.flowledger.api.addSource({ name: 'api-250mb.log', type: 'log', content }).then(
          (v) => v,
          (e) => ({ error: `${e.status} ${e.code}: ${e.message}` }),
        );
        const ms = Math.round(performance.now() - t0);
        const listed = (await window.flowledger.api.listSources()).sources.find((s) => s.id === answer.source?.id);
        return { bytes: content.length, ms, answer, listedBytes: listed?.bytes ?? null };
      },
      { line, bytes: TARGET_BYTES },
    );
    over = await page.evaluate(
      async ({ line }) => {
        const content = line.repeat(Math.floor((256 * 1024 * 1024) / line.length) + 1);
        const t0 = performance.now();
        const r = await window.flowledger.api.addSource({ name: 'over-bound.log', type: 'log', content }).then(
          () => ({ status: 201 }),
          (e) => ({ status: e.status, code: e.code, message: e.message }),
        );
        return { bytes: content.length, ms: Math.round(performance.now() - t0), ...r };
      },
      { line },
    );
  } finally {
    sampling = false;
    await sampler;
  }
  const mib = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  return {
    id: 'P6',
    measure:
      'a 250 MB log stored through the page’s API (`flowledger.api.addSource`, POST /api/parser/sources: the text is the JSON body, stored as a Blob); then a log over 256 MiB',
    bytes: stored.bytes,
    ms: stored.ms,
    answer: stored.answer.error ?? 'stored',
    listedBytes: stored.listedBytes,
    pageHeapBaselineMiB: mib(baseline),
    pageHeapPeakMiB: mib(peak),
    overBoundBytes: over.bytes,
    overBoundRefusedMs: over.ms,
    overBoundMessage: over.message ?? `status ${over.status}`,
    target: 'stored at its full size and listed, the call answered; over 256 MiB answered 413 with its size ≤ 2 s',
    pass:
      stored.answer.error === undefined &&
      stored.listedBytes === stored.bytes &&
      over.status === 413 &&
      over.ms <= 2000 &&
      String(over.message).includes(`${over.bytes} bytes`),
  };
}
