/**
 * The seed's step result (2.3) for the current step or any earlier one: the step's own events,
 * the newest events up to it, node states, the nodes that acted, the queue and a sentence. An
 * earlier step's node states and queue come from replay (`LiveRun.snapshotAt`); the events come
 * from the ledger's step index. Reading never changes the run.
 */
import type { LiveRun } from '../replay/liveRun';
import type { QueryResult, StepResult } from '../../contract/queries';
import { checkStep, limitOf, ok } from './queryErrors';
import type { LedgerEvent } from '../types';
import { waitingClause, waitingSources } from '../run/waiting';

/**
 * Reads only: `"; truncated: …"` naming the bound that closed `run`. Only the last step of a run can read
 * as truncated (a closed run takes no more steps), so the live simulation's bound is that step's.
 */
export function truncationClause(run: LiveRun): string {
  const { maxSteps, maxEvents, maxWork } = run.scenario;
  switch (run.sim.truncatedBy) {
    case 'maxEvents':
      return `; truncated: maxEvents (${maxEvents}) was reached before the run completed`;
    case 'maxWork':
      return `; truncated: maxWork (${maxWork} work units) was reached before the run completed`;
    case 'deadline':
      return `; truncated: the time limit given to the run passed before the run completed (it depends on the machine: the same run with more time goes further)`;
    default:
      return `; truncated: maxSteps (${maxSteps}) was reached before the run completed`;
  }
}

/** Default `activityLimit`: newest events listed in `allActivities`. */
export const DEFAULT_ACTIVITY_LIMIT = 1000;

/** Reads only: the step result of step `step` (0 … current) of `run`; `activityLimit` caps `activity` and `allActivities`. */
export function stepResult(run: LiveRun, step: number, activityLimit?: number): QueryResult<StepResult> {
  const checked = checkStep(step, run.step);
  if (!checked.ok) return checked;
  const ledger = run.ledger;
  const snapshot = run.snapshotAt(step);
  const [first, end] = ledger.stepRange(step);
  const limit = limitOf(activityLimit, DEFAULT_ACTIVITY_LIMIT);
  // One step may write millions of events (a broadcast fan-out, up to maxEvents): `activity` lists
  // the step's first `limit` of them, in ledger order; `activityTotal` says how many there were.
  const activity: LedgerEvent[] = [];
  const acted = new Uint8Array(run.scenario.nodes.length);
  for (let seq = first; seq < end; seq++) {
    if (activity.length < limit) activity.push(ledger.get(seq));
    acted[ledger.nodeOf(seq)] = 1;
  }
  const total = snapshot.ledgerSize;
  const allActivities: LedgerEvent[] = [];
  for (let seq = total; seq >= 1 && allActivities.length < limit; seq--) allActivities.push(ledger.get(seq));
  const activeNodeIds = run.scenario.nodes.filter((n) => acted[n.index] === 1).map((n) => n.nodeId);
  const queueSize = snapshot.queue.size;
  // Only the current step knows the sources still waiting: events may be added after it.
  const waiting = step === run.step ? waitingSources(run.scenario, run.queue, snapshot.status) : [];
  const waitingText = waiting.length > 0 ? `; ${waitingClause(waiting)}` : '';
  return ok({
    success: true,
    step,
    timestamp: run.scenario.startTime + step * run.scenario.tickMs,
    status: snapshot.status,
    queueSize,
    activity,
    activityTotal: end - first,
    allActivities,
    allActivitiesTotal: total,
    nodeStates: snapshot.nodeStates,
    activeNodeIds,
    queueSnapshot: snapshot.queue,
    // The seed's wording, kept exactly (also for 1): clients may read it. A truncated run's queue
    // reads 0, so its message also says which bound closed it.
    message: `Executed step ${step}; ${queueSize} events remaining in the queue${snapshot.status === 'truncated' ? truncationClause(run) : ''}${waitingText}`,
    ...(waiting.length > 0 ? { waitingFor: waiting } : {}),
  });
}
