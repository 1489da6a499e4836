/**
 * Engine benchmarks E4 and E5 (TARGETS.md) on a ~1 M-event run of the E1 pipeline.
 *
 * - E4: `stateAt(step)` for random earlier steps (a fixed pseudo-random sequence, so every run
 *   asks the same steps): the median time of one query — a checkpoint restore plus a replay of
 *   the steps since it, and the snapshot. The first query (which builds the scratch simulation and
 *   the Sink index) is reported on its own.
 * - E5: `lineage(correlationId)` for random generated correlation ids: the median time of one query,
 *   read from the correlation index.
 */
import { Engine } from '../engine';
import { e1Scenario, EVENTS_PER_TOKEN, median, round1 } from './engine';

/** Targets (TARGETS.md), median milliseconds per query. */
export const E4_TARGET_MS = 20;
export const E5_TARGET_MS = 1;

export interface TimeTravelOptions {
  now: () => number;
  quick?: boolean;
}

export interface E4Result {
  id: 'E4';
  measure: string;
  ledgerEvents: number;
  steps: number;
  queries: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  firstQueryMs: number;
  checkpoints: number;
  checkpointSpacing: number;
  target: number;
  pass: boolean;
}

export interface E5Result {
  id: 'E5';
  measure: string;
  ledgerEvents: number;
  queries: number;
  medianMs: number;
  p90Ms: number;
  /** Lineage elements per answer (median). */
  elements: number;
  target: number;
  pass: boolean;
}

/** Not pure (times, allocates): runs the ~1 M-event run once and measures E4 and E5 on it. */
export function runTimeTravelBench(options: TimeTravelOptions): [E4Result, E5Result] {
  const tokens = Math.round((options.quick ? 100_000 : 1_000_000) / EVENTS_PER_TOKEN);
  const engine = new Engine();
  engine.start(e1Scenario(tokens));
  engine.advance('end');
  return [stateAtBench(engine, options), lineageBench(engine, tokens, options)];
}

function stateAtBench(engine: Engine, options: TimeTravelOptions): E4Result {
  const last = engine.getCurrentTick();
  const random = lcg(4);
  const t0 = options.now();
  check(engine.stateAt(Math.floor(random() * last)));
  const firstQueryMs = options.now() - t0;
  const queries = options.quick ? 30 : 101;
  const times: number[] = [];
  for (let i = 0; i < queries; i++) {
    const step = Math.floor(random() * last);
    const t = options.now();
    check(engine.stateAt(step));
    times.push(options.now() - t);
  }
  const d = engine.diagnostics().checkpoints;
  const ms = median(times);
  return {
    id: 'E4',
    measure: 'stateAt(random earlier step), median ms per query',
    ledgerEvents: engine.ledger.size,
    steps: last,
    queries,
    medianMs: round2(ms),
    p90Ms: round2(percentile(times, 0.9)),
    maxMs: round2(Math.max(...times)),
    firstQueryMs: round1(firstQueryMs),
    checkpoints: d.count,
    checkpointSpacing: d.spacing,
    target: E4_TARGET_MS,
    pass: ms <= E4_TARGET_MS,
  };
}

function lineageBench(engine: Engine, tokens: number, options: TimeTravelOptions): E5Result {
  const random = lcg(5);
  const queries = options.quick ? 200 : 2001;
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < queries; i++) {
    const id = `source-${1 + Math.floor(random() * tokens)}`;
    const t = options.now();
    const r = engine.lineage(id);
    times.push(options.now() - t);
    sizes.push(check(r).path.length);
  }
  const ms = median(times);
  return {
    id: 'E5',
    measure: 'lineage(one correlation id), median ms per query',
    ledgerEvents: engine.ledger.size,
    queries,
    medianMs: round3(ms),
    p90Ms: round3(percentile(times, 0.9)),
    elements: median(sizes),
    target: E5_TARGET_MS,
    pass: ms <= E5_TARGET_MS,
  };
}

/** Pure: a seeded pseudo-random sequence in [0, 1) (a 32-bit LCG): the same queries on every run. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function check<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(`benchmark query failed: ${r.error.message}`);
  return r.value;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
