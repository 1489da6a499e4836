// B8 (issue 46): B2 and B3 at 5,000,000 events — the E1 pipeline run to its end in the browser's
// engine worker, persisted to IndexedDB, then reopened after a reload until it can step. Driven
// through the real page like B2/B3 (fetch → service worker → handlers → Comlink → engine worker →
// IndexedDB). Reports the worker's own timings (Server-Timing: run, hash, encode, persist, restore),
// the wall time of each phase, and the peak resident memory of the browser's processes (sampled
// from /proc every 250 ms: the tab and its workers live in the renderer). A tab that cannot hold the
// run is an outcome, not an error: a crashed page, a failed request or no answer within the time
// limit is recorded with the phase it happened in and the memory at that moment.
// Used by scripts/bench-browser.mjs (`--only B8`).
import { readFileSync, readdirSync } from 'node:fs';

/** Ledger events of the B8 run. */
export const B8_EVENTS = 5_000_000;
/** Ledger events per E1 token (src/bench/engine.ts, EVENTS_PER_TOKEN). */
const EVENTS_PER_TOKEN = 4.6;
/** A phase that has not answered after this long is recorded as such (ms). */
const PHASE_LIMIT_MS = 20 * 60_000;

/**
 * Measures B8 on `page` (the app already open). `e1Document` is src/bench/engine.ts's; the memory
 * sampled is that of this process's descendants but `exclude` (the preview server): the browser.
 */
export async function measureLargeRun(page, e1Document, exclude, log, events = B8_EVENTS) {
  const tokens = Math.ceil(events / EVENTS_PER_TOKEN);
  // The default maxEvents (5 M) would truncate the run: a margin above the events sought, as E7.
  const doc = { ...e1Document(tokens), name: 'B8 pipeline', maxEvents: Math.ceil(events * 1.2) };
  const memory = sampleMemory(process.pid, new Set([process.pid, ...exclude]));
  const result = {
    id: 'B8',
    measure:
      'run a 5 M-event ledger in the engine worker, persist it to IndexedDB, reopen after a reload (B2 and B3 at 5 M events)',
    tokens,
    target: 'recorded (issue 46)',
    outcome: 'completed',
  };
  let phase = 'run and persist';
  try {
    log(`B8: running and persisting the E1 pipeline with ${tokens} tokens…`);
    const run = await limited(
      page.evaluate(async (scenario) => {
        const api = window.flowledger.api;
        const { templateId } = await api.createTemplate({ name: 'B8 five million events', scenario });
        const { executionId } = await api.createExecution(templateId);
        const t0 = performance.now();
        const res = await fetch(
          `api/engine/templates/${templateId}/executions/${executionId}/step?currentStep=end&activityLimit=1`,
        );
        const wallMs = performance.now() - t0;
        if (!res.ok) return { error: `step to the end answered ${res.status}: ${(await res.text()).slice(0, 500)}` };
        const timing = Object.fromEntries(
          (res.headers.get('server-timing') ?? '')
            .split(/,\s*/)
            .map((p) => [p.split(';')[0], Number(p.split('dur=')[1])]),
        );
        const record = await api.getExecution(executionId);
        return { templateId, executionId, wallMs, timing, record };
      }, doc),
      phase,
    );
    if (run.error) throw new Error(run.error);
    const ledgerEvents = run.record.ledgerSize;
    const writeMs = run.timing.encode + run.timing.persist;
    Object.assign(result, {
      ledgerEvents,
      status: run.record.status,
      wallMs: round(run.wallMs),
      runMs: round(run.timing.run),
      hashMs: round(run.timing.hash),
      encodeMs: round(run.timing.encode),
      persistMs: round(run.timing.persist),
      persistEventsPerSecond: Math.round(ledgerEvents / (writeMs / 1000)),
      peakRssAfterRunBytes: memory.peak(),
    });

    phase = 'reopen after a reload';
    log('B8: reopening after reloads…');
    const reopen = [];
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await page.waitForFunction(() => window.flowledger !== undefined);
      const r = await limited(
        page.evaluate(
          async ({ templateId, executionId, step }) => {
            const t0 = performance.now();
            const res = await fetch(
              `api/engine/templates/${templateId}/executions/${executionId}/step?currentStep=${step}&activityLimit=1`,
            );
            const ms = performance.now() - t0;
            if (!res.ok) return { error: `reopening answered ${res.status}: ${(await res.text()).slice(0, 500)}` };
            const restore = /restore;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
            return { ms, restoreMs: restore ? Number(restore[1]) : null };
          },
          { templateId: run.templateId, executionId: run.executionId, step: run.record.currentStep },
        ),
        phase,
      );
      if (r.error) throw new Error(r.error);
      reopen.push({ ms: round(r.ms), restoreMs: r.restoreMs === null ? null : round(r.restoreMs) });
    }
    Object.assign(result, { reopen, reopenMedianMs: median(reopen.map((r) => r.ms)) });
    phase = 'delete';
    await page.evaluate(async (id) => window.flowledger.api.deleteTemplate(id), run.templateId);
  } catch (err) {
    result.outcome = `failed in "${phase}": ${String(err.message ?? err).split('\n')[0]}`;
    log(`B8: ${result.outcome}`);
  } finally {
    result.peakRssBytes = memory.peak();
    result.baseRssBytes = memory.base;
    result.largestProcessPeakRssBytes = memory.largest();
    memory.stop();
  }
  result.pass = result.outcome === 'completed';
  return result;
}

/** `promise`, or a rejection naming `phase` once PHASE_LIMIT_MS have passed. */
function limited(promise, phase) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PHASE_LIMIT_MS / 60_000} min (${phase})`)),
      PHASE_LIMIT_MS,
    );
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Samples, every 250 ms, the resident memory of `rootPid`'s descendants but `skip` (here: Chromium's
 * browser, renderer, GPU and utility processes) and keeps the largest total seen. Pages shared
 * between processes count once per process, so the total overstates the memory a little.
 */
function sampleMemory(rootPid, skip) {
  let peak = 0;
  let largest = 0;
  const sample = () => {
    const each = tree(rootPid)
      .filter((pid) => !skip.has(pid))
      .map(rssOf);
    const total = each.reduce((sum, rss) => sum + rss, 0);
    if (total > peak) peak = total;
    largest = Math.max(largest, ...each);
    return total;
  };
  const base = sample();
  const timer = setInterval(sample, 250);
  return {
    base,
    peak: () => (sample(), peak),
    /** The largest single process seen (the renderer holding the page and its workers, here). */
    largest: () => largest,
    stop: () => clearInterval(timer),
  };
}

/** `pid` and its descendants, from /proc. */
function tree(pid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  const out = [];
  const walk = (p) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** Resident bytes of `pid` (VmRSS), 0 when it is gone. */
function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function round(x) {
  return Math.round(x * 10) / 10;
}
