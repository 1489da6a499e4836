/**
 * A node's history: its ledger events up to a step (oldest first) and its activity entries (seed
 * 2.7, newest first). Both read the ledger's per-node index with a binary search for the step's
 * last seq, so the cost is the number of events returned, never the ledger's size.
 */
import type { Ledger } from '../ledger/ledger';
import type { LiveRun } from '../replay/liveRun';
import type { ActivityEntry, QueryResult } from '../../contract/queries';
import { checkStep, limitOf, ok, unknownNode } from './queryErrors';
import type { LedgerEvent } from '../types';

/** Default number of activity entries when no limit is given. */
export const DEFAULT_ACTIVITY_ENTRIES = 1000;

/** Reads only: the events of node `nodeId` up to step `step` (default: the current step), in seq order. */
export function nodeEvents(run: LiveRun, nodeId: string, step?: number): QueryResult<LedgerEvent[]> {
  const node = run.ledger.nodeIndex(nodeId);
  if (node === undefined)
    return unknownNode(
      nodeId,
      run.scenario.nodes.map((n) => n.nodeId),
    );
  const checked = checkStep(step, run.step);
  if (!checked.ok) return checked;
  const ledger = run.ledger;
  const n = ledger.nodeEventCount(node, ledger.lastSeqAt(checked.value));
  const out: LedgerEvent[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = ledger.get(ledger.nodeEventSeq(node, i));
  return ok(out);
}

/**
 * Reads only: the activity of node `nodeId` up to `step` (default: current), newest first, at most
 * `limit` entries (default 1,000; `limit: 1` is the most recent operation).
 */
export function nodeActivity(
  run: LiveRun,
  nodeId: string,
  options: { limit?: number; step?: number } = {},
): QueryResult<ActivityEntry[]> {
  const node = run.ledger.nodeIndex(nodeId);
  if (node === undefined)
    return unknownNode(
      nodeId,
      run.scenario.nodes.map((n) => n.nodeId),
    );
  const checked = checkStep(options.step, run.step);
  if (!checked.ok) return checked;
  const ledger = run.ledger;
  const limit = limitOf(options.limit, DEFAULT_ACTIVITY_ENTRIES);
  const out: ActivityEntry[] = [];
  for (let i = ledger.nodeEventCount(node, ledger.lastSeqAt(checked.value)) - 1; i >= 0 && out.length < limit; i--) {
    out.push(activityEntry(ledger, ledger.nodeEventSeq(node, i)));
  }
  return ok(out);
}

/**
 * Pure with respect to the ledger (reads only): event `seq` as an activity entry. `tokenId` is the
 * token the operation produced, else the one it consumed; `details.input` is the consumed token's
 * data (the consumed tokens' data, in order, for a merge), `details.output` the produced one's.
 */
export function activityEntry(ledger: Ledger, seq: number): ActivityEntry {
  const ev = ledger.get(seq);
  const input = ev.inputToken !== undefined ? ev.inputToken.data : consumedData(ledger, seq);
  const correlationId = (ev.outputToken ?? ev.inputToken)?.correlationIds[0];
  return {
    timestamp: ev.timestamp,
    operation: ev.operation,
    tokenId: ev.outputToken?.id ?? ev.inputToken?.id ?? null,
    ...(correlationId !== undefined ? { correlationId } : {}),
    details: { input, output: ev.outputToken?.data ?? null },
    step: ev.step,
    nodeId: ev.nodeId,
    seq,
  };
}

function consumedData(ledger: Ledger, seq: number): unknown {
  const list = ledger.inputTokensOf(seq);
  return list === undefined ? null : list.map((t) => ledger.tokens.data(t));
}
