/**
 * The chaos row of the benchmark (issue 21): hostile templates that load and run, built from a few
 * numbers so the property tests (tests/unit/reliability/templateBounds.test.ts) can draw them and
 * the benchmark can run the worst of them. Every shape attacks one bound:
 *
 * - a chain of broadcast Multiplexers whose two outputs feed one `collect` Aggregator (window 2):
 *   each level doubles the token's data, until the size bound of built values stops it;
 * - a broadcast cycle that doubles its tokens every lap, until `maxEvents` stops it;
 * - a ProcessNode on a self-loop whose formula nests its input twice, until the value bound stops
 *   it, and one whose JavaScript formula spends thousands of steps a lap, until `maxWork` stops it;
 * - thousands of idle nodes (late DataSources, timed Aggregators and FSMs that hold nothing), which
 *   a step must not visit;
 * - numbers at the edge of overflow (time windows, intervals, weights, `tickMs`), which load only
 *   when what the engine computes from them stays finite.
 *
 * The clock and memory readers are injected; the CLI passes Node's.
 */
import { Engine, loadScenario } from '../engine';

/** What one chaos template is made of. */
export interface ChaosParams {
  /** Levels of the doubling broadcast → collect chain (0: none). */
  levels: number;
  /** Outputs of the broadcast cycle back into itself (0: no cycle). */
  cycleFanOut: number;
  /** Self-loops: a formula nesting its input twice, and a JavaScript formula of many steps. */
  nestingLoop: boolean;
  heavyLoop: boolean;
  /** Idle nodes of each kind (late DataSources, timed Aggregators, FSMs). */
  idle: number;
  /** A time window, an interval and a weight pair at the edge of overflow (they may not load). */
  window: number;
  interval: number;
  weight: number;
  tickMs: number;
  maxSteps: number;
  maxEvents: number;
  maxWork: number;
}

/** The worst template of the property tests' ranges: the benchmark's chaos row. */
export const WORST_CHAOS: ChaosParams = {
  levels: 30,
  cycleFanOut: 0,
  nestingLoop: true,
  heavyLoop: true,
  idle: 10_000,
  window: 1e300,
  interval: 1e6,
  weight: 8e307,
  tickMs: 1,
  maxSteps: 10_000_000,
  maxEvents: 5_000_000,
  maxWork: 200_000_000,
};

/** Pure: the DSL document of `p`. */
export function chaosDocument(p: ChaosParams): Record<string, unknown> {
  const nodes: Array<Record<string, unknown>> = [];
  const outs = (...ids: string[]) => ids.map((id) => ({ destinationNodeId: id }));
  nodes.push({
    nodeId: 'src',
    type: 'DataSource',
    count: 3,
    generation: { type: 'sequence', start: 1, step: 1 },
    outputs: outs(
      ...[
        p.levels > 0 ? 'mux1' : 'sink',
        'weigh',
        ...(p.cycleFanOut > 0 ? ['cycle'] : []),
        ...(p.heavyLoop ? ['heavy'] : []),
      ],
    ),
  });
  for (let k = 1; k <= p.levels; k++) {
    nodes.push({
      nodeId: `mux${k}`,
      type: 'Multiplexer',
      multiplexing: { strategy: 'broadcast' },
      outputs: outs(`agg${k}`, `agg${k}`),
    });
    nodes.push({
      nodeId: `agg${k}`,
      type: 'Aggregator',
      aggregation: { method: 'collect', trigger: { type: 'count', window: 2 } },
      outputs: outs(k === p.levels ? 'sink' : `mux${k + 1}`),
    });
  }
  if (p.cycleFanOut > 0)
    nodes.push({
      nodeId: 'cycle',
      type: 'Multiplexer',
      multiplexing: { strategy: 'broadcast' },
      outputs: [...outs(...Array.from({ length: p.cycleFanOut }, () => 'cycle')), ...outs('sink')],
    });
  nodes.push({
    nodeId: 'weigh',
    type: 'Multiplexer',
    multiplexing: { strategy: 'weighted', weights: [p.weight, p.weight] },
    outputs: outs('window', ...(p.nestingLoop ? ['nest'] : ['sink'])),
  });
  nodes.push({
    nodeId: 'window',
    type: 'Aggregator',
    aggregation: { method: 'sum', trigger: { type: 'time', window: p.window } },
    outputs: outs('sink'),
  });
  if (p.nestingLoop)
    nodes.push({ nodeId: 'nest', type: 'ProcessNode', formula: '{ a: data, b: data }', outputs: outs('nest') });
  if (p.heavyLoop)
    nodes.push({
      nodeId: 'heavy',
      type: 'ProcessNode',
      formula:
        'const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]; return { n: xs.map((x) => xs.filter((y) => y < x).length).reduce((s, v) => s + v, 0) + (data.n ?? 0) };',
      outputs: outs('heavy'),
    });
  for (let i = 0; i < p.idle; i++) {
    nodes.push({
      nodeId: `idleSrc${i}`,
      type: 'DataSource',
      count: 1,
      interval: p.interval,
      startAt: p.maxSteps,
      outputs: outs('sink'),
    });
    nodes.push({
      nodeId: `idleAgg${i}`,
      type: 'Aggregator',
      aggregation: { method: 'sum', trigger: { type: 'time', window: p.window } },
    });
    nodes.push({ nodeId: `idleFsm${i}`, type: 'FSM', fsm: { states: ['a', 'b'] } });
  }
  nodes.push({ nodeId: 'sink', type: 'Sink' });
  return {
    version: '3.0',
    name: 'chaos',
    tickMs: p.tickMs,
    maxSteps: p.maxSteps,
    maxEvents: p.maxEvents,
    maxWork: p.maxWork,
    nodes,
  };
}

export interface ChaosResult {
  id: 'X1';
  measure: string;
  nodes: number;
  loadMs: number;
  runMs: number;
  steps: number;
  status: string;
  truncatedBy: string | null;
  ledgerEvents: number;
  nodeErrors: number;
  /** Peak resident memory of the process (MiB), and the heap in use after the run (MiB). */
  peakRssMiB: number;
  heapUsedMiB: number;
}

export interface ChaosBenchOptions {
  now: () => number;
  /** Peak resident set size so far, in bytes (`process.resourceUsage().maxRSS × 1024`). */
  peakRss: () => number;
  heapUsed: () => number;
  params?: ChaosParams;
}

/** Not pure (times): loads and runs the worst chaos template to its end. */
export function runChaosBench(o: ChaosBenchOptions): ChaosResult {
  const p = o.params ?? WORST_CHAOS;
  const doc = chaosDocument(p);
  const t0 = o.now();
  const loaded = loadScenario(doc);
  const loadMs = o.now() - t0;
  if (loaded.scenario === null)
    throw new Error(
      `the chaos template does not load: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  const engine = new Engine();
  engine.start(loaded.scenario);
  const t1 = o.now();
  engine.advance('end');
  const runMs = o.now() - t1;
  let nodeErrors = 0;
  const ledger = engine.ledger;
  for (let seq = 1; seq <= ledger.size; seq++) if (ledger.get(seq).operation === 'NODE_ERROR') nodeErrors++;
  const mib = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  return {
    id: 'X1',
    measure: 'the worst chaos template of the property tests, loaded and run to its end',
    nodes: loaded.scenario.nodes.length,
    loadMs: Math.round(loadMs),
    runMs: Math.round(runMs),
    steps: engine.getCurrentTick(),
    status: engine.status,
    truncatedBy: engine.truncatedBy,
    ledgerEvents: ledger.size,
    nodeErrors,
    peakRssMiB: mib(o.peakRss()),
    heapUsedMiB: mib(o.heapUsed()),
  };
}
