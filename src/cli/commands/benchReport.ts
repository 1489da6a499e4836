/**
 * The benchmark report (TARGETS.md E1–E5, P1, P3): its JSON shape and its table. The table rows
 * are computed here once and carried in the JSON (`rows`), so the command's text table and the
 * results table `scripts/bench.mjs` writes into docs/benchmarks.md say the same thing.
 */
import type { ChaosResult } from '../../bench/chaosTemplate';
import type { E1Result } from '../../bench/engine';
import type { AccuracyReport, ThroughputReport, VariedThroughputReport } from '../../bench/parser';
import type { ChaosLogResult } from '../../bench/chaosLog';
import type { E2Result, E3Result } from '../../bench/scale';
import type { E6Result } from '../../bench/load';
import type { C1Result } from '../../bench/diff';
import type { E7Result } from '../../bench/bigRun';
import type { E4Result, E5Result } from '../../bench/timeTravel';
import type { MachineInfo } from '../benchPlatform';

/** Targets (TARGETS.md): P1 lines per second, P3 grouping accuracy. */
export const P1_TARGET = 300_000;
export const P3_TARGET = { average: 0.97, min: 0.9 };

/** The chaos log row: each worst hostile log of the parser's property tests within this time. */
export const CHAOS_LOG_TARGET_MS = 5_000;

/** A benchmark that was not run, and why. */
export interface Skipped {
  skipped: string;
}

export interface P1Result extends ThroughputReport {
  id: 'P1';
  dataset: string;
  /** The same work on input that never repeats (the ten sets cycled with their numbers perturbed). */
  varied?: VariedThroughputReport;
  target: number;
  pass: boolean;
}

export interface P3Result extends AccuracyReport {
  id: 'P3';
  target: typeof P3_TARGET;
  pass: boolean;
}

/** One line of the results table. */
export interface BenchRow {
  id: string;
  workload: string;
  result: string;
  target: string;
  pass: boolean;
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  quick: boolean;
  E1: E1Result;
  E2: E2Result;
  E3: E3Result;
  E4: E4Result;
  E5: E5Result;
  E6: E6Result;
  P1: P1Result | Skipped;
  P3: P3Result | Skipped;
  /** The worst hostile logs of the parser's property tests (src/bench/chaosLog.ts); not in a quick run. */
  CL?: ChaosLogResult[];
  /** The chaos row (issue 21): the worst hostile template, run to its end (not in a quick run). */
  X1?: ChaosResult;
  rows: BenchRow[];
  /** Further measurements worth a line under the table. */
  notes: string[];
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** Pure: the table rows and notes of a report's results. */
export function benchRows(r: Omit<BenchReport, 'rows' | 'notes'>): { rows: BenchRow[]; notes: string[] } {
  const rows: BenchRow[] = [
    {
      id: 'E1',
      workload: `${r.E1.measure}; ${n(r.E1.tokens)} tokens, ${n(r.E1.ledgerEvents)} events, ${n(r.E1.steps)} steps`,
      result: `**${n(r.E1.eventsPerSecond)} events/s** (median of ${r.E1.repetitions}: ${r.E1.medianMs} ms; runs ${r.E1.runsMs.join(', ')} ms)`,
      target: `≥ ${n(r.E1.target)}`,
      pass: r.E1.pass,
    },
    {
      id: 'E2',
      workload: r.E2.measure,
      result: `**${r.E2.perEventRatio}×** (${r.E2.large.nsPerEvent} ns/event at ${n(r.E2.large.events)}, median of ${r.E2.large.runs}; ${r.E2.small.nsPerEvent} ns/event at ${n(r.E2.small.events)}, median of ${r.E2.small.runs})`,
      target: `≤ ${r.E2.target}×`,
      pass: r.E2.pass,
    },
    {
      id: 'E3',
      workload: `${r.E3.measure}; ${n(r.E3.ledgerEvents)} events`,
      result: `**${r.E3.bytesPerEvent} bytes/event** (heap ${r.E3.heapBytesPerEvent}, array buffers ${r.E3.externalBytesPerEvent}; ${r.E3.checkpoints} checkpoints ≈ ${r.E3.checkpointBytesPerEvent})`,
      target: `≤ ${r.E3.target}`,
      pass: r.E3.pass,
    },
    {
      id: 'E4',
      workload: `${r.E4.measure}; ${n(r.E4.ledgerEvents)} events, ${n(r.E4.steps)} steps, ${r.E4.queries} queries`,
      result: `**${r.E4.medianMs} ms** (p90 ${r.E4.p90Ms}, max ${r.E4.maxMs}; first query ${r.E4.firstQueryMs}; ${r.E4.checkpoints} checkpoints, K = ${n(r.E4.checkpointSpacing)})`,
      target: `≤ ${r.E4.target} ms`,
      pass: r.E4.pass,
    },
    {
      id: 'E5',
      workload: `${r.E5.measure}; ${n(r.E5.ledgerEvents)} events, ${r.E5.queries} queries`,
      result: `**${r.E5.medianMs} ms** (p90 ${r.E5.p90Ms}; ${r.E5.elements} elements per answer)`,
      target: `≤ ${r.E5.target} ms`,
      pass: r.E5.pass,
    },
    {
      id: 'E6',
      workload: `${r.E6.measure}; ${n(r.E6.nodes)} nodes (and ${n(r.E6.smallNodes)} for the ratio)`,
      result: `**${r.E6.medianMs} ms** (${n(r.E6.smallNodes)} nodes: ${r.E6.smallMedianMs} ms; per-node ratio ${r.E6.perNodeRatio}; ${n(r.E6.startNodes)} nodes loaded and started: ${r.E6.startMs} ms)`,
      target: `≤ ${n(r.E6.target.ms)} ms, ratio ≤ ${r.E6.target.ratio}`,
      pass: r.E6.pass,
    },
  ];
  rows.push(p1Row(r.P1), p3Row(r.P3));
  if (r.CL !== undefined)
    rows.push({
      id: 'CL',
      workload:
        'chaos log: the worst generated log of each parser property test (JSON 20,000 deep, a 1.5 M-character request line, 60,000 dotted labels with :// and @, 20,000 lines of never-repeating words, 50,000 continuation lines), streamed without keeping events',
      result: r.CL.map((c) => `${c.family} **${n(c.ms)} ms**, peak ${c.peakMb} MB (${n(c.bytes)} characters)`).join(
        '; ',
      ),
      target: `each ≤ ${n(CHAOS_LOG_TARGET_MS)} ms, none crashes`,
      pass: r.CL.every((c) => c.ms <= CHAOS_LOG_TARGET_MS),
    });
  if (r.X1 !== undefined) rows.push(chaosRow(r.X1));
  const notes = [
    `E1 ledger hash of the final ledger (canonical NDJSON + SHA-256): ${r.E1.hashMs} ms with Node's native SHA-256 (${n(r.E1.hashEventsPerSecond)} events/s), ${r.E1.hashMsDefault} ms with the engine's default JavaScript SHA-256.`,
  ];
  return { rows, notes };
}

/** Pure: the chaos row: the run must end, completed or truncated by a named bound. */
export function chaosRow(x: ChaosResult): BenchRow {
  return {
    id: 'X1',
    workload: `${x.measure} (src/bench/chaosTemplate.ts, WORST_CHAOS: a 30-level doubling broadcast → collect chain, self-loops nesting their input and spending formula steps, 3 × 10,000 idle nodes, windows and weights at the edge of overflow, default bounds); ${n(x.nodes)} nodes`,
    result: `**${n(x.loadMs + x.runMs)} ms** (load ${n(x.loadMs)} ms, run ${n(x.runMs)} ms), peak RSS **${x.peakRssMiB} MiB**, heap after ${x.heapUsedMiB} MiB; ${x.status}${x.truncatedBy ? ` by ${x.truncatedBy}` : ''} at step ${n(x.steps)}, ${n(x.ledgerEvents)} events, ${n(x.nodeErrors)} NODE_ERRORs`,
    target: 'ends completed or truncated by a named bound, no crash',
    pass: x.status === 'completed' || (x.status === 'truncated' && x.truncatedBy !== null),
  };
}

/** Pure: the C1 row (compare two runs; `bench --only C1`, which `npm run bench` runs in a process of its own). */
export function c1Row(c: C1Result): BenchRow {
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const pair = (p: C1Result['divergent']) =>
    `${p.medianMs} ms (CPU ${p.medianCpuMs} ms; runs ${p.runsMs.join(', ')} ms; peak memory +${mb(p.peakExtraBytes)} MB)`;
  return {
    id: 'C1',
    workload: `${c.measure}; two runs of ${n(c.ledgerEvents)} events each (the two runs hold ${mb(c.runsBytes)} MB)`,
    result: `**${Math.max(c.divergent.medianMs, c.identical.medianMs)} ms** — diverging at step ${c.divergent.firstDivergentStep} (seeds 7, 8): ${pair(c.divergent)}; identical (seed 7 twice, every event compared): ${pair(c.identical)}`,
    target: `≤ ${n(c.target)} ms`,
    pass: c.pass,
  };
}

/** Pure: the E7 row (a 10 M-event run to its end; `bench --only E7`, in a process of its own). */
export function e7Row(e: E7Result): BenchRow {
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const hash =
    e.ledgerHash === undefined
      ? ''
      : `; ledger hash ${e.ledgerHash.slice(0, 8)}…${e.sameHashAsPreviousBuild === undefined ? '' : e.sameHashAsPreviousBuild ? ' (the previous build’s)' : ' (**not** the previous build’s)'} in ${n(e.hashMs ?? 0)} ms with Node's SHA-256, peak RSS after it ${mib(e.peakRssAfterHashBytes ?? 0)} MiB`;
  return {
    id: 'E7',
    workload: `${e.measure}; ${n(e.tokens)} tokens, ${n(e.ledgerEvents)} events, ${n(e.steps)} steps`,
    result: `**${n(e.runMs)} ms** run to the end (${n(e.eventsPerSecond)} events/s; ${e.status}), peak RSS **${mib(e.peakRssBytes)} MiB** (${e.peakRssBytesPerEvent} bytes/event; ${mib(e.baseRssBytes)} MiB before the run), retained **${e.retainedBytesPerEvent} bytes/event** (heap ${e.heapBytesPerEvent}, array buffers ${e.externalBytesPerEvent}); load ${e.loadMs} ms${hash}`,
    target: `${n(10_000_000)} events, peak RSS ≤ ${n(e.target / 1e9)} GB`,
    pass: e.pass,
  };
}

/** Pure: the report as a plain-text table. */
export function formatTable(report: BenchReport): string {
  const cells = report.rows.map((r) => [
    r.id,
    r.workload,
    r.result.replaceAll('**', ''),
    r.target,
    r.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['id', 'workload', 'result', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    `${report.date}  ${report.machine.cpu} (${report.machine.cores} cores), ${report.machine.os}, Node ${report.machine.node}${report.quick ? '  [quick]' : ''}`,
    line(header),
    ...cells.map(line),
    ...report.notes.map((t) => `  ${t}`),
    '',
  ].join('\n');
}

/** Pure: the P1 row (throughput on the HDFS log repeated, and on input that never repeats). */
export function p1Row(P1: P1Result | Skipped): BenchRow {
  if ('skipped' in P1)
    return {
      id: 'P1',
      workload: 'log parser throughput',
      result: `not run: ${P1.skipped}`,
      target: `≥ ${n(P1_TARGET)} lines/s`,
      pass: false,
    };
  return {
    id: 'P1',
    workload: `log parser throughput, format + masks + template mining, ${P1.dataset} 2k log repeated to ${n(P1.lines)} lines`,
    result: `**${n(P1.linesPerSecond)} lines/s** (median of ${P1.runs.length}: ${Math.round(P1.ms)} ms; ${n(P1.cpuLinesPerSecond)} per CPU second; ${P1.templates} templates)${P1.varied ? `; non-repeated input (the ten sets cycled with numbers perturbed, ${n(P1.varied.lines)} lines): **${n(P1.varied.linesPerSecond)} lines/s**, ${n(P1.varied.cpuLinesPerSecond)} per CPU second (${P1.varied.datasets.map((d) => `${d.dataset} ${n(d.linesPerSecond)}`).join(', ')})` : ''}`,
    target: `≥ ${n(P1.target)} lines/s${P1.varied ? ', repeated and not' : ''}`,
    pass: P1.pass,
  };
}

/** Pure: the P3 row (grouping accuracy on the ten Loghub-2k sets). */
export function p3Row(P3: P3Result | Skipped): BenchRow {
  if ('skipped' in P3)
    return {
      id: 'P3',
      workload: 'grouping accuracy, Loghub-2k',
      result: `not run: ${P3.skipped}`,
      target: 'average ≥ 0.97, none < 0.90',
      pass: false,
    };
  return {
    id: 'P3',
    workload: `grouping accuracy (GA) on the ten Loghub-2k sets (corrected ground truth), one set of defaults plus each set's benchmark format and masks; FGA and PA beside it`,
    result: `**GA average ${P3.average.toFixed(3)}, min ${P3.min.toFixed(3)}**; FGA average ${P3.averageFga.toFixed(3)}; PA average ${P3.averagePa.toFixed(3)} (GA/FGA/PA: ${P3.datasets.map((d) => `${d.dataset} ${d.ga.toFixed(3)}/${d.fga.toFixed(3)}/${d.pa.toFixed(3)}`).join(', ')})`,
    target: 'average ≥ 0.97, none < 0.90',
    pass: P3.pass,
  };
}
