/**
 * Benchmark E6 (issue 10, item 7): loading and validating a very large scenario is linear in its
 * nodes. A 100,000-node document (the nodes of a template near the body limit) — a chain of
 * broadcast Multiplexers, FSMs and ProcessNodes with a second edge from every Multiplexer to the
 * Sink — is loaded and validated (`loadScenario`); so is a 10,000-node one, and the per-node time of
 * the large one over that of the small one reads 1 when the cost is linear. 100,000 nodes pass the
 * 65,535-node limit, so the large load reports that one error after every check has run; a
 * 60,000-node document is also loaded and started (`Engine.initialize`).
 *
 * The clock is injected; the CLI passes Node's.
 */
import { Engine, loadScenario } from '../engine';
import { median, round1 } from './engine';

/** Targets: the 100 k-node validation in ms, and the per-node time ratio 100 k / 10 k. */
export const E6_TARGET = { ms: 5_000, ratio: 2 };

export interface E6Result {
  id: 'E6';
  measure: string;
  nodes: number;
  /** Median ms to load and validate `nodes` nodes, and `smallNodes` nodes. */
  medianMs: number;
  smallNodes: number;
  smallMedianMs: number;
  /** Per-node time of the large load over the small one. */
  perNodeRatio: number;
  /** Nodes of the document loaded and started with `Engine.initialize`, and its median ms. */
  startNodes: number;
  startMs: number;
  target: typeof E6_TARGET;
  pass: boolean;
}

/** Pure: a document of `n` nodes besides its source and sink (see the module comment). */
export function largeDocument(n: number): Record<string, unknown> {
  const nodes: unknown[] = [{ nodeId: 'src', type: 'DataSource', count: 1, outputs: [{ destinationNodeId: 'n0' }] }];
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? `n${i + 1}` : 'sink';
    const id = `n${i}`;
    if (i % 4 === 0)
      nodes.push({
        nodeId: id,
        type: 'Multiplexer',
        multiplexing: { strategy: 'broadcast' },
        outputs: [
          { name: 'next', destinationNodeId: next },
          { name: 'done', destinationNodeId: 'sink' },
        ],
      });
    else if (i % 4 === 1)
      nodes.push({
        nodeId: id,
        type: 'FSM',
        fsm: { states: ['a', 'b'], transitions: [{ from: 'a', to: 'b', condition: 'value > 0' }] },
        outputs: [{ destinationNodeId: next }],
      });
    else
      nodes.push({
        nodeId: id,
        type: 'ProcessNode',
        processing: { formula: 'value + 1' },
        outputs: [{ destinationNodeId: next }],
      });
  }
  nodes.push({ nodeId: 'sink', type: 'Sink' });
  return { version: '3.0', name: `E6 ${n} nodes`, nodes };
}

export interface LoadBenchOptions {
  now: () => number;
  quick?: boolean;
}

/** Not pure (times): E6. */
export function runLoadBench(options: LoadBenchOptions): E6Result {
  const { now, quick = false } = options;
  const nodes = quick ? 5_000 : 100_000;
  const smallNodes = nodes / 10;
  const startNodes = quick ? 2_000 : 60_000;
  const runs = quick ? 1 : 3;
  const time = (f: () => void): number => {
    const t = now();
    f();
    return now() - t;
  };
  const large = largeDocument(nodes);
  const small = largeDocument(smallNodes);
  const started = largeDocument(startNodes);
  for (let i = 0; i < 3; i++) loadScenario(small); // warm-up
  const smallMs: number[] = [];
  const largeMs: number[] = [];
  const startMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    smallMs.push(time(() => loadScenario(small)));
    largeMs.push(time(() => loadScenario(large)));
    startMs.push(
      time(() => {
        const result = new Engine().initialize(started);
        if (result.errors.length > 0) throw new Error(`E6: ${JSON.stringify(result.errors.slice(0, 3))}`);
      }),
    );
  }
  const medianMs = round1(median(largeMs));
  const smallMedianMs = round1(median(smallMs));
  const perNodeRatio = Math.round((medianMs / nodes / (smallMedianMs / smallNodes)) * 100) / 100;
  return {
    id: 'E6',
    measure: 'load and validate a large scenario (loadScenario), median ms',
    nodes,
    medianMs,
    smallNodes,
    smallMedianMs,
    perNodeRatio,
    startNodes,
    startMs: round1(median(startMs)),
    target: E6_TARGET,
    pass: medianMs <= E6_TARGET.ms && perNodeRatio <= E6_TARGET.ratio,
  };
}
