/**
 * Process-mining benchmarks D1–D3 (TARGETS.md) on a generated log of ~1 M events: an order process
 * of 13 activities with choices and two loops, ~112 k cases whose events interleave (a window of cases
 * advances together, as in a real log), each event with a case, an activity and a time.
 *
 * - D1: read the events into cases and discover the directly-follows graph and variants; the same
 *   at a tenth of the size gives the per-event ratio (linear: within 2×).
 * - D2: conformance of the same events against the discovered template's FSM with 50 % of the
 *   paths kept, so some cases deviate.
 * - D3: XES export, chunks consumed as they come (the largest chunk shows memory stays bounded).
 */
import { loadScenario } from '../engine';
import { conform, dfgToTemplate, discover, filterDfg, readCaseLog, xesChunks } from '../engine/discovery';
import { median, round1 } from './engine';

export const D1_TARGET_MS = 2000;
export const D2_TARGET_MS = 2000;
export const D3_TARGET_MBPS = 50;

/** The order process: from each activity, the next ones with their weights (end: no successor). */
const NEXT: Record<string, [string, number][]> = {
  received: [
    ['checked', 9],
    ['rejected', 1],
  ],
  checked: [
    ['priced', 7],
    ['discounted', 3],
  ],
  priced: [
    ['approved', 8],
    ['checked', 2],
  ],
  discounted: [['approved', 1]],
  approved: [['picked', 1]],
  picked: [['packed', 1]],
  packed: [
    ['shipped', 9],
    ['backordered', 1],
  ],
  backordered: [['picked', 1]],
  shipped: [
    ['delivered', 19],
    ['returned', 1],
  ],
  delivered: [['invoiced', 1]],
  returned: [['invoiced', 1]],
  rejected: [],
  invoiced: [],
};

/** Pure: a deterministic generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pure (seeded): about `events` events of the order process, cases interleaved 64 at a time. */
export function discoveryLog(events: number): Record<string, unknown>[] {
  const rand = random(26);
  const out: Record<string, unknown>[] = [];
  const open: { id: string; at: string; time: number }[] = [];
  let nextCase = 0;
  let clock = 1_767_225_600_000; // 2026-01-01T00:00:00Z
  while (out.length < events) {
    while (open.length < 64) open.push({ id: `order-${++nextCase}`, at: '', time: clock });
    const k = Math.floor(rand() * open.length);
    const c = open[k]!;
    const choices: [string, number][] = c.at === '' ? [['received', 1]] : NEXT[c.at]!;
    let pick = rand() * choices.reduce((s, [, w]) => s + w, 0);
    let next = choices[0]![0];
    for (const [name, w] of choices)
      if ((pick -= w) < 0) {
        next = name;
        break;
      }
    clock += 1 + Math.floor(rand() * 5000);
    c.at = next;
    out.push({
      targetDataSourceId: 'orders',
      correlationId: c.id,
      event: next,
      timestamp: clock,
      amount: Math.round(rand() * 1e4) / 100,
    });
    if (NEXT[next]!.length === 0) open.splice(k, 1);
  }
  return out;
}

export interface DiscoveryBenchOptions {
  now: () => number;
  quick?: boolean;
}

export interface DiscoverBench {
  id: 'D1';
  events: number;
  cases: number;
  variants: number;
  medianMs: number;
  runsMs: number[];
  /** The same at a tenth of the size: its per-event time, and the ratio of the large to the small. */
  smallEvents: number;
  smallMedianMs: number;
  perEventRatio: number;
  target: number;
  pass: boolean;
}

export interface ConformBench {
  id: 'D2';
  events: number;
  medianMs: number;
  runsMs: number[];
  eventFitness: number;
  caseFitness: number;
  target: number;
  pass: boolean;
}

export interface XesBench {
  id: 'D3';
  events: number;
  megabytes: number;
  medianMs: number;
  megabytesPerSecond: number;
  largestChunkKiB: number;
  target: number;
  pass: boolean;
}

/** Not pure (times): D1 on `events`, median of `runs`. */
function timeDiscover(events: readonly unknown[], runs: number, now: () => number) {
  const times: number[] = [];
  let result = null as ReturnType<typeof discover> | null;
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    const log = readCaseLog(events);
    if (!log.ok) throw new Error(log.problem.message);
    result = discover(log.log);
    times.push(now() - t0);
  }
  return { medianMs: median(times), runsMs: times.map(round1), result: result! };
}

/** Not pure (times, allocates): D1, D2 and D3 on the generated log. */
export function runDiscoveryBench(options: DiscoveryBenchOptions): [DiscoverBench, ConformBench, XesBench] {
  const { now } = options;
  const size = options.quick ? 100_000 : 1_000_000;
  const runs = options.quick ? 2 : 5;
  const events = discoveryLog(size);
  const small = events.slice(0, size / 10);
  timeDiscover(small, 2, now); // warm up
  const d1 = timeDiscover(events, runs, now);
  const d1small = timeDiscover(small, runs, now);
  const ratio = d1.medianMs / events.length / (d1small.medianMs / small.length);
  const D1: DiscoverBench = {
    id: 'D1',
    events: events.length,
    cases: d1.result.cases,
    variants: d1.result.variants.length,
    medianMs: round1(d1.medianMs),
    runsMs: d1.runsMs,
    smallEvents: small.length,
    smallMedianMs: round1(d1small.medianMs),
    perEventRatio: Math.round(ratio * 100) / 100,
    target: D1_TARGET_MS,
    pass: d1.medianMs <= D1_TARGET_MS && ratio <= 2,
  };

  const template = dfgToTemplate(filterDfg(d1.result, { paths: 50 }), { dataSourceId: 'orders' });
  const scenario = loadScenario(template).scenario!;
  const d2times: number[] = [];
  let report = null as null | { eventFitness: number; caseFitness: number };
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    const r = conform(scenario, events);
    d2times.push(now() - t0);
    if (!r?.ok) throw new Error('conformance failed');
    report = r.report;
  }
  const D2: ConformBench = {
    id: 'D2',
    events: events.length,
    medianMs: round1(median(d2times)),
    runsMs: d2times.map(round1),
    eventFitness: Math.round(report!.eventFitness * 1e4) / 1e4,
    caseFitness: Math.round(report!.caseFitness * 1e4) / 1e4,
    target: D2_TARGET_MS,
    pass: median(d2times) <= D2_TARGET_MS,
  };

  const log = readCaseLog(events);
  if (!log.ok) throw new Error(log.problem.message);
  const d3times: number[] = [];
  let chars = 0;
  let largest = 0;
  for (let i = 0; i < Math.min(runs, 3); i++) {
    chars = 0;
    const t0 = now();
    for (const chunk of xesChunks(events, log.log)) {
      chars += chunk.length;
      if (chunk.length > largest) largest = chunk.length;
    }
    d3times.push(now() - t0);
  }
  const mb = chars / 1e6;
  const mbps = mb / (median(d3times) / 1000);
  const D3: XesBench = {
    id: 'D3',
    events: events.length,
    megabytes: round1(mb),
    medianMs: round1(median(d3times)),
    megabytesPerSecond: round1(mbps),
    largestChunkKiB: Math.round(largest / 1024),
    target: D3_TARGET_MBPS,
    pass: mbps >= D3_TARGET_MBPS,
  };
  return [D1, D2, D3];
}
