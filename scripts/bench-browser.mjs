// Browser benchmarks B1–B3 and P2 (TARGETS.md) on the BUILT app in Debian's Chromium (headless), through
// the real path: page fetch → Mock Service Worker → handlers in the page → Comlink → engine worker →
// IndexedDB. Prints one JSON object.
//   B1  API round trip, median of 300 calls of node activity with limit=1 (≤ 5 ms); also the same trip
//       answered by the /api catch-all in the page (service worker + MSW only, no engine worker)
//   B1p the same call over the page's in-page transport (the same handlers, no service worker; ≤ 2 ms)
//   B1d a run gesture of the page's own UI (a seek) as one Comlink call (api.runs), beside the same read in-page
//   B2  persisting a ~1 M-event ledger to IndexedDB, events/s (≥ 500 k/s): the worker's own timings
//       (Server-Timing) of encoding the segments and of the IndexedDB transaction
//   B3  reopening that execution after a reload until it can step (≤ 2 s): the first request on it
//       after each of 3 reloads (restore = verified deterministic re-run), median
//   W1  a 100-event ledger page from the middle of that execution, unfiltered and by node (≤ 10 ms in the worker)
//   W2  a step view at a random earlier step of that execution (≤ 25 ms in the worker)
//   P2  parser throughput in the worker (≥ 100 k lines/s): format + masks + template mining over the
//       bundled OpenSSH sample named 500 times in one configuration (1,000,000 lines, streamed in
//       chunks, no events kept), the worker's own `stats.ms`, median of 5 runs after a warm-up
//   B6  the Ledger panel on a ~1 M-event run: scroll to the middle until its rows show (≤ 100 ms);
//       scripts/bench-ledger-panel.mjs
//   B4  the workspace plays a 100,000-token run to its end at Max speed: main-thread long tasks and
//       frame rate while it plays; scripts/bench-play.mjs
//   B5  first render of a 500-node template; B7  typing in the editor on it; scripts/bench-ui.mjs
//   P4  a 200 MB log (the bundled OpenSSH sample repeated) dropped on the ingestion screen and parsed
//       whole in the ingestion worker as a stream: progress advancing, rate, the worker's heap peak,
//       main-thread long tasks (none over 50 ms), and Cancel stopping a second parse (≤ 1 s)
//   P5  a 250 MB log sent to a run (Send to run: the engine worker's ingestIntoRun), every line in
//       the run, the page's peak JS heap, and a log over 256 MiB refused at once; scripts/bench-send.mjs
//   P6  a 250 MB log stored through the page's API (flowledger.api.addSource): answered, stored at its
//       full size, the page's peak JS heap; a log over 256 MiB answered 413; scripts/bench-send.mjs
//   B13 other calls while the engine worker runs a 50 M-event run and parses a 6 M-line log (both
//       then aborted): each call's round trip, one call at a time, 2 s with both under way and 1 s
//       after the abort (every call ≤ 200 ms); tests/e2e/chaos.spec.ts checks the same workload's
//       order and answers without a clock
//   B8  B2 and B3 at 5,000,000 events: the run, persisting it and reopening it after reloads, with the
//       browser's peak resident memory; a tab that cannot hold it is recorded as such
//       (scripts/bench-large-run.mjs; issue 46)
// Options: --no-build (use the existing dist/), --tokens N (E1 tokens; default 217,400 ≈ 1 M events),
// --b8-events N (B8's size, default 5,000,000; smaller for a smoke run),
// --only B1,P2 (run only these; default all), --fsm-open (B4 with the E1 FSM's state diagram open,
// and B4-SSH: the log-driven SSH example played with its state diagram open).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, platform, release } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { measureLargeRun } from './bench-large-run.mjs';
import { measureLedgerPanel } from './bench-ledger-panel.mjs';
import { measurePlay, measurePlaySsh } from './bench-play.mjs';
import { measureApiAddSource, measureSendToRun } from './bench-send.mjs';
import { measureFirstRender, measureTyping } from './bench-ui.mjs';
import { chromiumVersion, ensureChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const tokens = Number(option('--tokens', '217400'));
const only = option('--only', 'B1,B13,B2,B3,P2,B6,B4,B5,B7,P4,P5,P6,B8').split(',');
const wants = (id) => only.includes(id);
const PORT = Number(process.env.BENCH_PORT ?? 4179);
const log = (m) => process.stderr.write(`${m}\n`);

if (!args.includes('--no-build')) {
  log('building the app…');
  const r = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The E1 scenario is the engine benchmark's own document (src/bench/engine.ts), bundled for Node.
const bundled = await build({
  entryPoints: [`${root}src/bench/engine.ts`],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  logLevel: 'silent',
});
const { e1Document } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`
);
const scenario = e1Document(tokens);

// Another preview server on the port would be measured instead of this build: refuse to start.
if (!(await portIsFree(PORT))) {
  log(`port ${PORT} is in use (another server would be measured instead of this build); set BENCH_PORT to a free port`);
  process.exit(2);
}

// Vite's own script under this Node, not `npx`: killing npx leaves the server it started running.
const server = spawn(
  process.execPath,
  [`${root}node_modules/vite/bin/vite.js`, 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
  { cwd: root, stdio: 'ignore' },
);
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
await waitForServer(`http://127.0.0.1:${PORT}/`);

const executablePath = ensureChromium(log);
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  const openApp = async () => {
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForFunction(() => window.flowledger !== undefined);
  };
  await openApp();

  const results = [];

  if (wants('B1')) {
    log('B1: API round trips…');
    const b1 = await page.evaluate(async () => {
      const api = window.flowledger.api;
      const small = {
        version: '3.0',
        name: 'B1',
        nodes: [
          { nodeId: 'src', type: 'DataSource', count: 50, outputs: [{ destinationNodeId: 'sink' }] },
          { nodeId: 'sink', type: 'Sink' },
        ],
      };
      const { templateId } = await api.createTemplate({ name: 'B1 round trip', scenario: small });
      const { executionId } = await api.createExecution(templateId);
      await api.executeStep(templateId, executionId, 'end');
      const sample = async (call) => {
        for (let i = 0; i < 30; i++) await call();
        const ms = [];
        for (let i = 0; i < 300; i++) {
          const t0 = performance.now();
          await call();
          ms.push(performance.now() - t0);
        }
        return ms;
      };
      const full = await sample(() => window.flowledger.fetchApi.getNodeActivity(templateId, executionId, 'sink', 1));
      // The page's own UI: the same handlers answered in the page (no service-worker hop).
      const inPage = await sample(() => api.getNodeActivity(templateId, executionId, 'sink', 1));
      // The same trip without the engine worker: the /api catch-all answers in the page (MSW + service worker only).
      const transport = await sample(() => fetch('api/bench-transport-only').then((r) => r.text()));
      // A run gesture of the page's own UI (a timeline seek): one Comlink call, no HTTP encoding
      // (api.runs, src/client/runClient.ts), against the same read over the in-page transport.
      const seekInPage = await sample(() => api.getStepView(templateId, executionId, 1));
      const seekDirect = await sample(() => api.runs.seek(templateId, executionId, 1));
      return { full, inPage, transport, seekInPage, seekDirect };
    });
    const b1Median = median(b1.full);
    results.push({
      id: 'B1',
      measure: 'API round trip, node activity limit=1 (fetch → service worker → handler → worker → back)',
      medianMs: round(b1Median, 3),
      p95Ms: round(quantile(b1.full, 0.95), 3),
      calls: b1.full.length,
      transportOnlyMedianMs: round(median(b1.transport), 3),
      target: '≤ 5 ms',
      pass: b1Median <= 5,
    });
    const inPageMedian = median(b1.inPage);
    results.push({
      id: 'B1p',
      measure:
        "API round trip, node activity limit=1, the page's in-page transport (handler → worker → back, no service worker)",
      medianMs: round(inPageMedian, 3),
      p95Ms: round(quantile(b1.inPage, 0.95), 3),
      calls: b1.inPage.length,
      target: '≤ 2 ms',
      pass: inPageMedian <= 2,
    });
    const directMedian = median(b1.seekDirect);
    results.push({
      id: 'B1d',
      measure:
        "a run gesture's round trip from the page's own UI, a timeline seek (step view): one Comlink call to the worker (api.runs), against the same read over the in-page transport",
      medianMs: round(directMedian, 3),
      p95Ms: round(quantile(b1.seekDirect, 0.95), 3),
      inPageMedianMs: round(median(b1.seekInPage), 3),
      calls: b1.seekDirect.length,
      target: '≤ 2 ms',
      pass: directMedian <= 2,
    });
  }

  if (wants('B13')) {
    log('B13: other calls during a long run and a long parse…');
    const b13 = await page.evaluate(async () => {
      const api = window.flowledger.api;
      const sink = (id) => ({ nodeId: id, type: 'Sink' });
      // Bounded only by maxEvents: about 50 M events of work if nothing stopped it.
      const long = {
        version: '3.0',
        maxSteps: 10_000_000,
        maxEvents: 50_000_000,
        nodes: [
          { nodeId: 'src', type: 'DataSource', interval: 1, count: 1e9, outputs: [{ destinationNodeId: 'out' }] },
          sink('out'),
        ],
      };
      const small = {
        version: '3.0',
        nodes: [
          { nodeId: 'src', type: 'DataSource', interval: 1, count: 100_000, outputs: [{ destinationNodeId: 'out' }] },
          sink('out'),
        ],
      };
      const a = await api.createTemplate({ name: 'B13 long run', scenario: long });
      const runA = (await api.createExecution(a.templateId)).executionId;
      const b = await api.createTemplate({ name: 'B13 other run', scenario: small });
      const runB = (await api.createExecution(b.templateId)).executionId;
      const runCtl = new AbortController();
      const parseCtl = new AbortController();
      const outcome = (p) =>
        p.then(
          () => 'finished',
          (e) => e.code ?? String(e),
        );
      const run = outcome(api.executeStep(a.templateId, runA, 'end', 0, { signal: runCtl.signal }));
      // The bundled OpenSSH sample named 3,000 times: a 6,000,000-line log.
      const parse = outcome(
        api.parse(
          {
            config: {
              name: 'B13',
              sources: Array.from({ length: 3000 }, () => 'openssh-2k'),
              format: { kind: 'preset', name: 'openssh' },
            },
            eventLimit: 0,
          },
          { signal: parseCtl.signal },
        ),
      );
      const during = [];
      const after = [];
      let step = 0;
      const t0 = performance.now();
      let aborted = false;
      while (performance.now() - t0 < 3000) {
        if (!aborted && performance.now() - t0 > 2000) {
          runCtl.abort();
          parseCtl.abort();
          aborted = true;
        }
        for (const call of [
          () => api.listTemplates(),
          () => api.executeStep(b.templateId, runB, ++step, 1),
          () => api.getExecution(runB),
        ]) {
          const s = performance.now();
          await call();
          (aborted ? after : during).push(performance.now() - s);
        }
        await new Promise((res) => setTimeout(res, 25));
      }
      return { during, after, outcomes: { run: await run, parse: await parse } };
    });
    const all = [...b13.during, ...b13.after];
    const max = Math.max(...all);
    results.push({
      id: 'B13',
      measure:
        'other calls (list templates, step and read another execution) while the engine worker runs a 50 M-event run and parses a 6 M-line log, then after both are aborted; one call at a time, in-page transport',
      calls: all.length,
      duringCalls: b13.during.length,
      duringMedianMs: round(median(b13.during), 1),
      duringP95Ms: round(quantile(b13.during, 0.95), 1),
      duringMaxMs: round(Math.max(...b13.during), 1),
      afterMedianMs: round(median(b13.after), 1),
      afterMaxMs: round(Math.max(...b13.after), 1),
      maxMs: round(max, 1),
      outcomes: b13.outcomes,
      target: '≤ 200 ms each',
      pass: max <= 200 && b13.outcomes.run === 'ABORTED' && b13.outcomes.parse === 'ABORTED',
    });
  }

  if (wants('B2') || wants('B3')) {
    log(`B2: running and persisting the E1 pipeline with ${tokens} tokens…`);
    const b2 = await page.evaluate(async (doc) => {
      const api = window.flowledger.api;
      const { templateId } = await api.createTemplate({ name: 'B2 one million events', scenario: doc });
      const { executionId } = await api.createExecution(templateId);
      const t0 = performance.now();
      const res = await fetch(
        `api/engine/templates/${templateId}/executions/${executionId}/step?currentStep=end&activityLimit=1`,
      );
      const wallMs = performance.now() - t0;
      if (!res.ok) throw new Error(`step to the end answered ${res.status}: ${await res.text()}`);
      const timing = Object.fromEntries(
        (res.headers.get('server-timing') ?? '')
          .split(/,\s*/)
          .map((p) => [p.split(';')[0], Number(p.split('dur=')[1])]),
      );
      const record = await api.getExecution(executionId);
      return { templateId, executionId, wallMs, timing, record };
    }, scenario);

    log('B3: reopening after reloads…');
    const b3 = [];
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await page.waitForFunction(() => window.flowledger !== undefined);
      b3.push(
        await page.evaluate(
          async ({ templateId, executionId, step }) => {
            const t0 = performance.now();
            const res = await fetch(
              `api/engine/templates/${templateId}/executions/${executionId}/step?currentStep=${step}&activityLimit=1`,
            );
            const ms = performance.now() - t0;
            if (!res.ok) throw new Error(`reopening answered ${res.status}: ${await res.text()}`);
            const restore = /restore;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
            return { ms, restoreMs: restore ? Number(restore[1]) : null };
          },
          { templateId: b2.templateId, executionId: b2.executionId, step: b2.record.currentStep },
        ),
      );
    }
    log('W1, W2: ledger pages and step views of that execution…');
    const w = await page.evaluate(
      async ({ templateId, executionId, size, step }) => {
        const base = `api/engine/templates/${templateId}/executions/${executionId}`;
        const workerMs = async (url) => {
          const res = await fetch(url);
          if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
          return Number(/query;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
        };
        // A fixed pseudo-random sequence (LCG), so every run asks for the same pages and steps.
        let x = 12345;
        const next = (n) => ((x = (x * 1103515245 + 12345) % 2147483648), x % n);
        const pages = [];
        const nodePages = [];
        const views = [];
        for (let i = 0; i < 25; i++) {
          const offset = Math.floor(size / 2) + next(1000) * 100 - 50_000;
          pages.push(await workerMs(`${base}/ledger/events?offset=${offset}&limit=100`));
          nodePages.push(
            await workerMs(`${base}/ledger/events?nodeId=price&offset=${Math.floor(offset / 5)}&limit=100`),
          );
          views.push(await workerMs(`${base}/view?step=${1 + next(step - 1)}`));
        }
        return { pages: pages.slice(5), nodePages: nodePages.slice(5), views: views.slice(5) };
      },
      {
        templateId: b2.templateId,
        executionId: b2.executionId,
        size: b2.record.ledgerSize,
        step: b2.record.currentStep,
      },
    );
    await page.evaluate(async (id) => window.flowledger.api.deleteTemplate(id), b2.templateId);

    const events = b2.record.ledgerSize;
    const writeMs = b2.timing.encode + b2.timing.persist;
    const b3Median = median(b3.map((r) => r.ms));
    results.push(
      {
        id: 'B2',
        measure: 'persist a ledger to IndexedDB: encode segments + one transaction (worker timings)',
        ledgerEvents: events,
        segments: Math.ceil(events / 1000),
        encodeMs: round(b2.timing.encode, 1),
        persistMs: round(b2.timing.persist, 1),
        eventsPerSecond: Math.round(events / (writeMs / 1000)),
        runMs: round(b2.timing.run, 1),
        hashMs: round(b2.timing.hash, 1),
        wallMs: round(b2.wallMs, 1),
        target: '≥ 500,000 events/s',
        pass: events / (writeMs / 1000) >= 500_000,
      },
      {
        id: 'B3',
        measure: 'reopen after a reload, ready to step: first request on the execution',
        ledgerEvents: events,
        medianMs: round(b3Median, 1),
        runs: b3.map((r) => ({ ms: round(r.ms, 1), restoreMs: r.restoreMs })),
        target: '≤ 2,000 ms',
        pass: b3Median <= 2000,
      },
      {
        id: 'W1',
        measure: 'a ledger page (100 events) from the middle of that execution, in the worker (Server-Timing)',
        ledgerEvents: events,
        medianMs: round(median(w.pages), 3),
        nodeFilterMedianMs: round(median(w.nodePages), 3),
        calls: w.pages.length,
        target: '≤ 10 ms',
        pass: median(w.pages) <= 10 && median(w.nodePages) <= 10,
      },
      {
        id: 'W2',
        measure: 'a step view at a random earlier step of that execution, in the worker (Server-Timing)',
        ledgerEvents: events,
        medianMs: round(median(w.views), 3),
        p95Ms: round(quantile(w.views, 0.95), 3),
        calls: w.views.length,
        target: '≤ 25 ms',
        pass: median(w.views) <= 25,
      },
    );
  }

  let p2 = null;
  if (wants('P2')) {
    log('P2: parser throughput in the worker…');
    const runs = await page.evaluate(async () => {
      const api = window.flowledger.api;
      // The bundled sample named 500 times: one log of 1,000,000 lines, streamed from the one copy the worker holds.
      const config = {
        name: 'P2 throughput',
        sources: Array.from({ length: 500 }, () => 'openssh-2k'),
        format: { kind: 'preset', name: 'openssh' },
      };
      const out = [];
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        const r = await api.parse({ config, eventLimit: 0 });
        out.push({
          lines: r.stats.lines,
          templates: r.stats.templates,
          ms: r.stats.ms,
          wallMs: performance.now() - t0,
        });
      }
      return out.slice(1);
    });
    const ms = median(runs.map((r) => r.ms));
    const lines = runs[0].lines;
    p2 = {
      id: 'P2',
      measure:
        'parser throughput in the browser worker: format + masks + template mining, OpenSSH sample ×500, chunks of 256 Ki characters, no events kept',
      lines,
      templates: runs[0].templates,
      medianMs: round(ms, 1),
      linesPerSecond: Math.round(lines / (ms / 1000)),
      runs: runs.map((r) => ({ ms: round(r.ms, 1), wallMs: round(r.wallMs, 1) })),
      target: '≥ 100,000 lines/s',
      pass: lines / (ms / 1000) >= 100_000,
    };
    results.push(p2);
  }

  if (wants('B6')) results.push(await measureLedgerPanel(page, `http://127.0.0.1:${PORT}/`, scenario, log));
  if (wants('B5') || wants('B7')) {
    const b5 = await measureFirstRender(page, `http://127.0.0.1:${PORT}/`, log);
    if (wants('B5')) results.push(b5.row);
    if (wants('B7')) results.push(await measureTyping(page, `http://127.0.0.1:${PORT}/`, b5.templateId, log));
  }
  if (wants('B4')) {
    const fsmOpen = args.includes('--fsm-open');
    results.push(
      await measurePlay(page, `http://127.0.0.1:${PORT}/`, e1Document(100_000), log, fsmOpen ? 'approval' : null),
    );
    if (fsmOpen) {
      const { readFileSync } = await import('node:fs');
      const doc = JSON.parse(readFileSync(`${root}examples/ssh-log-sessions.json`, 'utf8'));
      results.push(await measurePlaySsh(page, `http://127.0.0.1:${PORT}/`, log, doc));
    }
  }
  let p4 = null;
  if (wants('P4')) {
    log('P4: a 200 MB log parsed in the ingestion worker…');
    const { mkdtempSync, readFileSync, openSync, writeSync, closeSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const sample = readFileSync(join(root, 'public/parser/sources/openssh-2k.log'));
    const file = join(mkdtempSync(join(tmpdir(), 'flowledger-p4-')), 'big-openssh.log');
    const fd = openSync(file, 'w');
    let size = 0;
    while (size < 200_000_000) size += writeSync(fd, sample);
    closeSync(fd);
    await page.goto(`http://127.0.0.1:${PORT}/?view=ingest`);
    await page.getByRole('region', { name: 'Log sources' }).waitFor();
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: false });
    });
    await page.getByLabel('Log files').setInputFiles(file);
    await page.getByRole('button', { name: /^big-openssh\.log/ }).waitFor();
    const config = page.getByRole('region', { name: 'Parser configuration' });
    await config.getByRole('radio', { name: 'Preset' }).check();
    await config.getByRole('combobox', { name: 'Preset' }).selectOption('openssh');
    await page
      .getByRole('region', { name: 'Preview' })
      .getByRole('table', { name: 'Templates' })
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const bar = page.getByRole('progressbar', { name: 'Parsing' });
    // A whole parse: progress samples, time, rate, heap peak, long tasks during it.
    const t0 = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Parse whole log' }).click();
    const samples = [];
    while (await bar.isVisible()) {
      const v = await bar.getAttribute('aria-valuenow').catch(() => null);
      if (v !== null) samples.push(Number(v));
      await page.waitForTimeout(250);
    }
    const t1 = await page.evaluate(() => performance.now());
    const status = await page.getByRole('region', { name: 'Run' }).getByRole('status').innerText();
    const heapText = await page
      .getByText(/Worker heap peak/)
      .innerText()
      .catch(() => null);
    const long = await page.evaluate(
      ([a, b]) => window.__longTasks.filter((t) => t.start >= a && t.start <= b),
      [t0, t1],
    );
    // A second parse, cancelled once it is under way.
    await page.getByRole('button', { name: 'Parse whole log' }).click();
    await page.waitForFunction(
      () => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') ?? 0) >= 20,
    );
    const c0 = Date.now();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await bar.waitFor({ state: 'hidden', timeout: 10_000 });
    const cancelMs = Date.now() - c0;
    const lines = Number((/Parsed ([\d,]+) lines/.exec(status)?.[1] ?? '0').replaceAll(',', ''));
    const maxLong = long.reduce((m, t) => Math.max(m, t.ms), 0);
    const advancing = samples.filter((v, i) => i > 0 && v > samples[i - 1]).length;
    p4 = {
      id: 'P4',
      measure:
        'a 200 MB log picked as a file on the ingestion screen, parsed whole in the ingestion worker as a stream (preset openssh, no events kept)',
      bytes: size,
      lines,
      ms: round(t1 - t0, 0),
      bytesPerSecond: Math.round(size / ((t1 - t0) / 1000)),
      progressSamples: samples.length,
      progressAdvances: advancing,
      workerHeapPeak: heapText
        ? heapText.replace(/^.*: /, '')
        : 'not reported (performance.memory unavailable in the worker)',
      longTasksOver50ms: long.filter((t) => t.ms > 50).length,
      longestMainThreadTaskMs: round(maxLong, 0),
      cancelMs,
      status,
      target: 'progress advancing, no main-thread task > 50 ms, Cancel ≤ 1,000 ms',
      pass: advancing >= 2 && long.every((t) => t.ms <= 50) && cancelMs <= 1000,
    };
    results.push(p4);
  }

  if (wants('P5')) results.push(await measureSendToRun(page, `http://127.0.0.1:${PORT}/`, root, log));
  if (wants('P6')) results.push(await measureApiAddSource(page, `http://127.0.0.1:${PORT}/`, log));
  // B8 last: a tab holding 5 M events (or crashed by them) weighs on whatever runs after it.
  if (wants('B8'))
    results.push(await measureLargeRun(page, e1Document, [server.pid], log, Number(option('--b8-events', '5000000'))));

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model?.trim() ?? 'unknown',
      cores: cpus().length,
      os: `${platform()} ${release()}`,
      chromium: chromiumVersion(executablePath),
    },
    results,
    ...(p4 ? { P4: { ms: p4.ms, longTasksOver50ms: p4.longTasksOver50ms, cancelMs: p4.cancelMs, pass: p4.pass } } : {}),
    ...(p2 ? { P2: { linesPerSecond: p2.linesPerSecond, lines: p2.lines, medianMs: p2.medianMs, pass: p2.pass } } : {}),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await browser.close();
  stop();
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
}

async function waitForServer(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

function median(xs) {
  return quantile(xs, 0.5);
}

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
