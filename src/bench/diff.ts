/**
 * Benchmark C1 (TARGETS.md): compare two ~1 M-event runs — the E1 pipeline with two seeds, so the
 * ledgers diverge at the first generated value and every later line is read, parsed and tallied on
 * both sides. The comparison reads each run's in-memory ledger from its columns, as the worker and
 * `flowledger diff <scenario>` do; the time is the median of several comparisons of the same pair,
 * and the peak memory is the most the heap and array buffers grew above what the two finished runs
 * hold, sampled every 16,384 events. A second pair, the same seed twice, is compared too: identical
 * ledgers, every event compared field by field on both sides. Clock, collector and memory reading
 * are injected; the CLI passes Node's.
 */
import { Engine } from '../engine';
import { diffRuns } from '../engine/diff';
import { e1Scenario, EVENTS_PER_TOKEN, median, round1 } from './engine';

/** Target (TARGETS.md): milliseconds to compare two 1 M-event runs. */
export const C1_TARGET_MS = 2000;

export interface DiffBenchOptions {
  now: () => number;
  /** CPU milliseconds this process has used (user + system): on a shared, loaded machine the wall time overstates the work. */
  cpuMs: () => number;
  gc: () => void;
  memory: () => { heap: number; external: number };
  quick?: boolean;
}

export interface C1Result {
  id: 'C1';
  measure: string;
  /** Events of each ledger. */
  ledgerEvents: number;
  /** Two seeds: the runs diverge at once and every event is tallied on both sides. */
  divergent: PairResult;
  /** The same seed twice: identical ledgers, every event compared field by field, then tallied. */
  identical: PairResult;
  /** Bytes the two finished runs of a pair hold (heap + array buffers, after a collection). */
  runsBytes: number;
  target: number;
  pass: boolean;
}

export interface PairResult {
  firstDivergentStep: number | null;
  /** Each comparison, ms. */
  runsMs: number[];
  medianMs: number;
  /** CPU time of each comparison, ms, and its median. */
  cpuRunsMs: number[];
  medianCpuMs: number;
  /** The most the heap and array buffers grew above what the two runs hold during a comparison, bytes. */
  peakExtraBytes: number;
}

/** Not pure (times, allocates): runs the E1 pipeline three times (seeds 7, 8, 7) and compares the pairs. */
export async function runDiffBench(options: DiffBenchOptions): Promise<C1Result> {
  const { now, gc, memory } = options;
  const inUse = () => {
    const m = memory();
    return m.heap + m.external;
  };
  const tokens = Math.round((options.quick ? 100_000 : 1_000_000) / EVENTS_PER_TOKEN);
  const scenario = e1Scenario(tokens);
  const ran = (seed: number) => {
    const engine = new Engine();
    engine.start(scenario, seed);
    engine.advance('end');
    return engine;
  };
  const repetitions = options.quick ? 2 : 5;

  /** Compares `a` with `b` once sampling memory, then `repetitions` times for the time. */
  const measure = async (a: Engine, b: Engine): Promise<PairResult> => {
    gc();
    const held = inUse();
    let peak = held;
    const sampled = await diffRuns(a.ledger, b.ledger, {
      pace: async () => {
        const m = inUse();
        if (m > peak) peak = m;
      },
    });
    const runsMs: number[] = [];
    const cpuRunsMs: number[] = [];
    for (let i = 0; i < repetitions; i++) {
      gc();
      const t0 = now();
      const c0 = options.cpuMs();
      await diffRuns(a.ledger, b.ledger);
      cpuRunsMs.push(round1(options.cpuMs() - c0));
      runsMs.push(round1(now() - t0));
    }
    return {
      firstDivergentStep: sampled.firstDivergentStep,
      runsMs,
      medianMs: round1(median(runsMs)),
      cpuRunsMs,
      medianCpuMs: round1(median(cpuRunsMs)),
      peakExtraBytes: peak - held,
    };
  };

  gc();
  const empty = inUse();
  const a = ran(7);
  let b: Engine | null = ran(8);
  gc();
  const runsBytes = inUse() - empty;
  const divergent = await measure(a, b);
  b = null;
  const identical = await measure(a, ran(7));
  return {
    id: 'C1',
    measure: 'compare two runs of the E1 pipeline (first divergence + summary), in memory, median ms',
    ledgerEvents: a.ledger.size,
    divergent,
    identical,
    runsBytes,
    target: C1_TARGET_MS,
    pass: Math.max(divergent.medianMs, identical.medianMs) <= C1_TARGET_MS,
  };
}
