/**
 * What a run looks like at one step, as the read side reports it: node states, the queue (size, the
 * next deliveries, the external events waiting), Sink totals and the ledger prefix. The same
 * function reads the live simulation (the current step) and a replayed scratch one (an earlier
 * step), so both answers have exactly the same shape and meaning.
 */
import type { FeedView } from './externalQueue';
import type { Ledger } from '../ledger/ledger';
import type { QueueSnapshot, RunSnapshot } from '../../contract/queries';
import type { Simulation } from './scheduler';
import type { SinkIndexes } from './sinkIndex';
import type { NodeState } from '../types';

/** Collected `data.value`s listed per Sink in a snapshot (count and sum cover all of them). */
export const SNAPSHOT_SINK_VALUES = 1000;
/** Deliveries listed in a queue snapshot. */
export const QUEUE_PEEK = 20;

/** Pure with respect to the run (reads only): node states of `sim`, by node id in scenario order. */
export function nodeStatesOf(sim: Simulation): Record<string, NodeState> {
  const out: Record<string, NodeState> = {};
  for (const node of sim.scenario.nodes) out[node.nodeId] = sim.nodeState(node.index);
  return out;
}

/** Pure with respect to the run (reads only): the queue of `sim`, with the external events `feed` shows. */
export function queueOf(sim: Simulation, feed: FeedView): QueueSnapshot {
  return {
    size: sim.size(),
    next: sim.peek(QUEUE_PEEK),
    external: { pending: feed.size(), byTarget: feed.pendingByTarget() },
  };
}

/**
 * Reads only (Sink indexes are extended as a cache): the snapshot of `sim`, which stands at step
 * `step` of the run recorded in `ledger`, with external events as `feed` shows them.
 */
export function runSnapshot(
  sim: Simulation,
  feed: FeedView,
  ledger: Ledger,
  sinks: SinkIndexes,
  step: number,
): RunSnapshot {
  const ledgerSize = ledger.lastSeqAt(step);
  const sinkTotals: RunSnapshot['sinks'] = {};
  for (const node of sim.scenario.nodes) {
    if (node.type !== 'Sink') continue;
    const index = sinks.of(node.index, 'value');
    const count = index.countAt(ledgerSize);
    const values: unknown[] = [];
    for (let i = 0; i < count && i < SNAPSHOT_SINK_VALUES; i++) values.push(index.value(i));
    sinkTotals[node.nodeId] = { count, sum: index.sum(count), values };
  }
  return {
    step,
    status: sim.status,
    nodeStates: nodeStatesOf(sim),
    queue: queueOf(sim, feed),
    edgeWaiting: sim.waitingPerEdge(),
    sinks: sinkTotals,
    ledgerSize,
  };
}
