import { isEnded } from '../../contract/vocabulary';
import {
  OP,
  waitingClause,
  type Engine,
  type NodeState,
  type RunSnapshot,
  type TruncationBound,
  type WaitingSource,
} from '../../engine';

/** Collected values listed per sink in the summary (the count and sum cover all of them). */
export const SINK_VALUES_LIMIT = 1000;

export interface SinkSummary {
  count: number;
  /** Sum of the numeric `data.value`s collected, in ledger order. */
  sum: number;
  /** `data.value` of the first `SINK_VALUES_LIMIT` collected tokens, in ledger order (missing as null). */
  values: unknown[];
}

export interface RunSummary {
  steps: number;
  status: 'completed' | 'truncated' | 'running';
  ledgerEvents: number;
  ledgerHash: string;
  sinks: Record<string, SinkSummary>;
  nodeStates: Record<string, NodeState>;
  /** A truncated run only: the bound that closed it, and the sentence saying so. */
  truncatedBy?: TruncationBound;
  truncation?: string;
  /**
   * Only when the run is `completed` with DataSources that wait for external events and received
   * none: those sources (a waiting run is not a failure; run it again with `--events`).
   */
  waitingFor?: WaitingSource[];
  /** With `waitingFor`: the sentence naming them. */
  message?: string;
}

/**
 * Pure with respect to the run (reads only): what `run` prints. A run stopped by `--until` before
 * its end is "running"; reading the ledger through the per-node index costs O(sink events).
 */
export function runSummary(engine: Engine): RunSummary {
  const ledger = engine.ledger;
  const sinks: Record<string, SinkSummary> = {};
  for (const node of engine.scenario.nodes) {
    if (node.type !== 'Sink') continue;
    const summary: SinkSummary = { count: 0, sum: 0, values: [] };
    for (const seq of ledger.seqsOfNode(node.index)) {
      if (ledger.opOf(seq) !== OP.TOKEN_COLLECTED) continue;
      const value = ledger.tokens[ledger.inputOf(seq)]!.data['value'];
      summary.count++;
      if (typeof value === 'number') summary.sum += value;
      if (summary.values.length < SINK_VALUES_LIMIT) summary.values.push(value === undefined ? null : value);
    }
    sinks[node.nodeId] = summary;
  }
  const status = engine.status;
  const waiting = engine.waitingFor;
  const summary: RunSummary = {
    steps: engine.getCurrentTick(),
    status: isEnded(status) ? status : 'running',
    ledgerEvents: ledger.size,
    ledgerHash: engine.ledgerHash(),
    sinks,
    nodeStates: engine.getNodeStates(),
    ...(waiting.length > 0 ? { waitingFor: waiting, message: `Completed, ${waitingClause(waiting)} (--events)` } : {}),
  };
  if (engine.truncatedBy !== null) {
    summary.truncatedBy = engine.truncatedBy;
    const last = engine.stepResult(engine.getCurrentTick());
    const clause = last.ok ? last.value.message.indexOf('truncated: ') : -1;
    if (last.ok && clause >= 0) summary.truncation = last.value.message.slice(clause);
  }
  return summary;
}

/** What `run --at N` adds: the state right after step N. */
export interface StateAtSummary {
  step: number;
  nodeStates: Record<string, NodeState>;
  sinks: Record<string, SinkSummary>;
}

/** Pure: the `stateAt` part of the output, from the engine's snapshot of that step. */
export function stateAtSummary(snapshot: RunSnapshot): StateAtSummary {
  return { step: snapshot.step, nodeStates: snapshot.nodeStates, sinks: snapshot.sinks };
}
