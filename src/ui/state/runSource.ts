/**
 * The one place the workspace reads and advances a run through the client. Everything the views
 * need — the read-only view of a step, advancing, the per-step activity counts — goes through these
 * functions, so moving to richer service calls (a step view with per-edge counts, a histogram) changes
 * this file only. Plain async functions; no `$state` here.
 */
import type { ExecutionRecord, StepResult } from '../../api/wire';
import type { EngineAPIService } from '../../client/EngineAPIService';
import type { GraphModel } from '../controllers/graph/model';
import { waitingPerEdge, type StepView } from '../controllers/graph/stepState';

export interface RunRef {
  templateId: string;
  executionId: string;
}

/** Pure. The workspace's view of a step result (per-edge waiting derived from the step's events). */
export function toStepView(model: GraphModel, r: StepResult): StepView {
  return {
    step: r.step,
    status: r.status,
    nodeStates: r.nodeStates,
    activeNodeIds: r.activeNodeIds,
    edgeWaiting: waitingPerEdge(model, r.activity),
    eventCount: r.activity.length,
    queueSize: r.queueSize,
  };
}

export interface StepAnswer {
  view: StepView;
  /** The step result's sentence, e.g. "Executed step 12; …; truncated: maxSteps 200". */
  message: string;
}

/** Not pure: the read-only view of `step` (≤ the run's step); never advances the run. */
export async function readStep(
  api: EngineAPIService,
  run: RunRef,
  model: GraphModel,
  step: number,
): Promise<StepAnswer> {
  const r = await api.executeStep(run.templateId, run.executionId, step, 0);
  if (r.step !== step) throw new Error(`readStep: asked for step ${step}, the service answered step ${r.step}`);
  return { view: toStepView(model, r), message: r.message };
}

/** Not pure: advances the run to `target` (or to its end) and answers the new live step's view. */
export async function advance(
  api: EngineAPIService,
  run: RunRef,
  model: GraphModel,
  target: number | 'end',
): Promise<StepAnswer> {
  const r = await api.executeStep(run.templateId, run.executionId, target, 0);
  return { view: toStepView(model, r), message: r.message };
}

/** Not pure: the execution record (status, live step, ledger hash once ended). */
export function record(api: EngineAPIService, run: RunRef): Promise<ExecutionRecord> {
  return api.getExecution(run.executionId);
}

/** How many recent events the activity histogram reads at most in one call. */
export const HISTOGRAM_EVENTS = 50_000;

/**
 * Not pure: ledger events per step for steps 1..`live` (`counts[i]` = events of step i+1), from the
 * newest `HISTOGRAM_EVENTS` events; older steps of a longer run read as 0 until a histogram call exists.
 */
export async function activityCounts(api: EngineAPIService, run: RunRef, live: number): Promise<number[]> {
  const counts = new Array<number>(live).fill(0);
  if (live === 0) return counts;
  const r = await api.executeStep(run.templateId, run.executionId, live, HISTOGRAM_EVENTS);
  for (const e of r.allActivities)
    if (e.step >= 1 && e.step <= live) counts[e.step - 1] = (counts[e.step - 1] ?? 0) + 1;
  return counts;
}
