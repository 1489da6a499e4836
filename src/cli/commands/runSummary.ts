import { isEnded } from '../../contract/vocabulary';
import {
  RESULT_SINK_VALUES,
  waitingClause,
  type Engine,
  type NodeState,
  type RunSnapshot,
  type SinkResultFormula,
  type TruncationBound,
  type WaitingSource,
} from '../../engine';

/** Collected values listed per sink in the summary (the count and sum cover all of them). */
export const SINK_VALUES_LIMIT = RESULT_SINK_VALUES;

export interface SinkSummary {
  count: number;
  /** Sum of the numeric `data.value`s collected, in ledger order. */
  sum: number;
  /** `data.value` of the first `SINK_VALUES_LIMIT` collected tokens, in ledger order (missing as null). */
  values: unknown[];
  /** Only for a Sink that names its figure (`result` in the DSL): that figure… */
  result?: SinkResultFormula;
  /** …and its value, as the workspace's Result shows it (`average`: null when no value is a number). */
  value?: unknown;
}

export interface RunSummary {
  steps: number;
  status: 'completed' | 'truncated' | 'running';
  ledgerEvents: number;
  ledgerHash: string;
  sinks: Record<string, SinkSummary>;
  nodeStates: Record<string, NodeState>;
  /** External events the DataSources took from the queue and emitted as tokens. */
  eventsConsumed: number;
  /** FSM transitions fired, by tokens and by timers. */
  transitionsFired: number;
  /** Sentences not to miss (`Engine.runResult`'s): external events consumed while no machine of any FSM left its initial state. */
  warnings: string[];
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
 * its end is "running"; the Sinks' totals, the events consumed, the transitions fired and the
 * warnings are the run's Result (`Engine.runResult`), the workspace's own.
 */
export function runSummary(engine: Engine): RunSummary {
  const ledger = engine.ledger;
  // The same per-Sink totals the workspace's Result shows (engine/query/runResult.ts).
  const result = engine.runResult();
  if (!result.ok) throw new Error(result.error.message);
  const sinks: Record<string, SinkSummary> = {};
  for (const s of result.value.sinks)
    sinks[s.sinkId] = {
      count: s.count,
      sum: s.sum,
      values: s.values,
      ...(s.named ? { result: s.formula, value: s.value } : {}),
    };
  const status = engine.status;
  const waiting = engine.waitingFor;
  const summary: RunSummary = {
    steps: engine.getCurrentTick(),
    status: isEnded(status) ? status : 'running',
    ledgerEvents: ledger.size,
    ledgerHash: engine.ledgerHash(),
    sinks,
    nodeStates: engine.getNodeStates(),
    eventsConsumed: result.value.eventsConsumed,
    transitionsFired: result.value.transitionsFired,
    warnings: result.value.warnings,
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
