/**
 * Engine benchmarks E2 and E3 (TARGETS.md) on the E1 pipeline.
 *
 * - E2, cost growth: the per-event time of a run of ~1 M ledger events over that of a run of ~10 k
 *   events (each the median of several runs, after warm-up, with a full garbage collection before
 *   each run when one can be forced). Linear growth reads 1; the target is at most 2.
 * - E3, memory: bytes retained per ledger event after a ~1 M-event run — the growth of the heap and
 *   of array buffers between a collected heap before the run and a collected heap after it, with the
 *   engine (ledger, indexes, tokens, checkpoints) still held. Needs a `gc` (node --expose-gc).
 *
 * Clock, collector and memory reading are injected; the CLI passes Node's.
 */
import { Engine } from '../engine';
import { e1Scenario, EVENTS_PER_TOKEN, median, round1 } from './engine';

/** Targets: per-event time ratio 1 M / 10 k, bytes per retained event. */
export const E2_TARGET = 2;
export const E3_TARGET = 300;
/** Events of each warm-up run (ten of them) before E2's timed runs. */
const WARM_UP_EVENTS = 20_000;

export interface ScaleBenchOptions {
  now: () => number;
  /** A full garbage collection (global `gc` under --expose-gc). */
  gc: () => void;
  /** Bytes in use: JavaScript heap plus array buffers and other external memory. */
  memory: () => { heap: number; external: number };
  quick?: boolean;
}

export interface E2Result {
  id: 'E2';
  measure: string;
  small: { events: number; runs: number; medianMs: number; nsPerEvent: number };
  large: { events: number; runs: number; medianMs: number; nsPerEvent: number };
  /** Per-event time of the large run over that of the small one. */
  perEventRatio: number;
  target: number;
  pass: boolean;
}

export interface E3Result {
  id: 'E3';
  measure: string;
  ledgerEvents: number;
  bytesPerEvent: number;
  /** The heap part and the array-buffer part of it. */
  heapBytesPerEvent: number;
  externalBytesPerEvent: number;
  /** Checkpoints held at the end, and their size estimate per event. */
  checkpoints: number;
  checkpointBytesPerEvent: number;
  target: number;
  pass: boolean;
}

/**
 * Not pure (times and collects): E2. The machines are shared and their speed drifts, so small and
 * large runs are interleaved in rounds — a batch of small runs, then one large run — and the ratio
 * is the median of the rounds' ratios: a slow minute slows both sides of a round.
 */
export function runScaleBench(options: ScaleBenchOptions): E2Result {
  const small = new Timer(options, 10_000);
  const large = new Timer(options, options.quick ? 100_000 : 1_000_000);
  const rounds = options.quick ? 3 : 7;
  const smallPerRound = options.quick ? 3 : 9;
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const s = median(Array.from({ length: smallPerRound }, () => small.run()));
    const l = large.run();
    ratios.push(l / large.events / (s / small.events));
  }
  const ratio = median(ratios);
  return {
    id: 'E2',
    measure: `per-event run time, ${fmt(large.events)} events over ${fmt(small.events)} events (median of ${rounds} interleaved rounds)`,
    small: small.summary(),
    large: large.summary(),
    perEventRatio: Math.round(ratio * 100) / 100,
    target: E2_TARGET,
    pass: ratio <= E2_TARGET,
  };
}

/** Not pure (collects, reads memory): E3. */
export function runMemoryBench(options: ScaleBenchOptions): E3Result {
  const scenario = e1Scenario(Math.round((options.quick ? 100_000 : 1_000_000) / EVENTS_PER_TOKEN));
  const before = settled(options);
  const engine = new Engine();
  engine.start(scenario);
  engine.advance('end');
  const after = settled(options);
  const events = engine.ledger.size;
  const heap = after.heap - before.heap;
  const external = after.external - before.external;
  const checkpoints = engineCheckpoints(engine);
  const bytesPerEvent = (heap + external) / events;
  return {
    id: 'E3',
    measure: 'bytes retained per ledger event after a run (heap + array buffers, --expose-gc)',
    ledgerEvents: events,
    bytesPerEvent: round1(bytesPerEvent),
    heapBytesPerEvent: round1(heap / events),
    externalBytesPerEvent: round1(external / events),
    checkpoints: checkpoints.count,
    // A unit is a number or a reference: 8 bytes, plus object overhead; 16 is a generous estimate.
    checkpointBytesPerEvent: round1((checkpoints.units * 16) / events),
    target: E3_TARGET,
    pass: bytesPerEvent <= E3_TARGET,
  };
}

/** Memory in use after collections, once it stops shrinking (array buffers are freed a little after the collection that finds them dead). */
function settled(options: ScaleBenchOptions): { heap: number; external: number } {
  let last = { heap: Infinity, external: Infinity };
  for (let i = 0; i < 6; i++) {
    options.gc();
    const m = options.memory();
    if (m.heap + m.external >= last.heap + last.external) return m;
    last = m;
  }
  return last;
}

/** The engine's checkpoint count and size, read through its diagnostics. */
function engineCheckpoints(engine: Engine): { count: number; units: number } {
  return engine.diagnostics().checkpoints;
}

/**
 * Not pure: timed runs of the E1 pipeline at one size, each on a fresh engine after a full
 * collection. Warm-up happens once, on a small scenario whose engine stays referenced: when every
 * object an optimised function was specialised on dies, a full collection throws the code away,
 * and a 10 k-event run is too short to optimise it again (measured: 5× slower) — that would measure
 * V8's tiering, not the engine's growth. A small warm-up engine keeps no weight on the timed runs.
 */
class Timer {
  events = 0;
  private readonly options: ScaleBenchOptions;
  private readonly scenario: ReturnType<typeof e1Scenario>;
  private readonly times: number[] = [];
  private static warm: Engine | null = null;

  constructor(options: ScaleBenchOptions, events: number) {
    this.options = options;
    this.scenario = e1Scenario(Math.round(events / EVENTS_PER_TOKEN));
    if (Timer.warm === null) {
      const warm = new Engine();
      const warmScenario = e1Scenario(Math.round(WARM_UP_EVENTS / EVENTS_PER_TOKEN));
      for (let i = 0; i < 10; i++) {
        warm.start(warmScenario);
        warm.advance('end');
      }
      Timer.warm = warm;
    }
  }

  /** One timed run; returns its milliseconds. */
  run(): number {
    // The previous timed run is garbage by now and is collected before the clock starts.
    const engine = new Engine();
    this.options.gc();
    engine.start(this.scenario);
    const t0 = this.options.now();
    engine.advance('end');
    const ms = this.options.now() - t0;
    this.times.push(ms);
    this.events = engine.ledger.size;
    return ms;
  }

  summary(): E2Result['small'] {
    const ms = median(this.times);
    return {
      events: this.events,
      runs: this.times.length,
      medianMs: round1(ms),
      nsPerEvent: round1((ms * 1e6) / this.events),
    };
  }
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
