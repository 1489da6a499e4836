/**
 * The step view: one compact read of a run at any step from 0 to the current one — node states and
 * counts, tokens waiting per edge, Sink totals — for a workspace's graph and scrubber. An earlier
 * step is replayed from the nearest checkpoint (`LiveRun.snapshotAt`); nothing of the run changes.
 */
import { edgeId } from './graph';
import { setOwn } from '../jsonValues';
import type { LiveRun } from '../replay/liveRun';
import type { QueryResult, StepView, StepViewNode } from '../../contract/queries';
import { checkStep, ok } from './queryErrors';

/** Reads only: the view of step `step` (0 … current; undefined: current) of `run`. */
export function stepView(run: LiveRun, step?: number): QueryResult<StepView> {
  const checked = checkStep(step, run.step);
  if (!checked.ok) return checked;
  const at = checked.value;
  const snapshot = run.snapshotAt(at);
  const { ledger, scenario } = run;
  const [first, end] = ledger.stepRange(at);
  const acted = new Uint8Array(scenario.nodes.length);
  for (let seq = first; seq < end; seq++) acted[ledger.nodeOf(seq)] = 1;
  const waitingAt = new Array<number>(scenario.nodes.length).fill(0);
  const index = new Map(scenario.nodes.map((n) => [n.nodeId, n.index] as const));
  scenario.edges.forEach((e, i) => (waitingAt[index.get(e.to)!]! += snapshot.edgeWaiting[i]!));
  const nodes: Record<string, StepViewNode> = {};
  for (const n of scenario.nodes) {
    const s = snapshot.nodeStates[n.nodeId]!;
    const view: StepViewNode = {
      state: s.currentState,
      processed: s.tokensProcessed,
      waiting: waitingAt[n.index]!,
      acted: acted[n.index] === 1,
      lastUpdate: s.lastUpdate,
      counts: s.aggregates,
    };
    setOwn(nodes, n.nodeId, view);
  }
  const sinks: StepView['sinks'] = {};
  for (const [id, t] of Object.entries(snapshot.sinks)) setOwn(sinks, id, { count: t.count, sum: t.sum });
  return ok({
    step: at,
    currentStep: run.step,
    status: snapshot.status,
    timestamp: scenario.startTime + at * scenario.tickMs,
    queueSize: snapshot.queue.size,
    ledgerSize: snapshot.ledgerSize,
    stepEvents: end - first,
    nodes,
    edges: snapshot.edgeWaiting.map((waiting, i) => ({ id: edgeId(i), waiting })),
    sinks,
  });
}
