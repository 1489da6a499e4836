/**
 * The one place the workspace reads and advances a run through the client: the read-only step view
 * (`getStepView`), advancing (`executeStep`), the activity histogram (`getHistogram`) and the record.
 * Plain async functions and pure conversions; no `$state` here.
 */
import type { ActivityHistogram, ExecutionRecord, StepViewAnswer, TemplateGraph } from '../../../contract/wire';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { GraphModel } from '../../controllers/graph/model';
import type { StepView } from '../../controllers/graph/stepState';

export interface RunRef {
  templateId: string;
  executionId: string;
}

/** The service's edge ids (`edge-<i>`) by the workspace's (`from->to`); several service edges may share one. */
export type EdgeKeys = ReadonlyMap<string, string>;

/** Pure. Maps the service graph's edge ids to the workspace's `from->to` ids. */
export function edgeKeys(graph: Pick<TemplateGraph, 'edges'>): EdgeKeys {
  return new Map(graph.edges.map((e) => [e.id, `${e.from}->${e.to}`]));
}

/** Pure. The workspace's view of a service step view: node states, acted nodes in scenario order, waiting per edge. */
export function toStepView(model: GraphModel, keys: EdgeKeys, v: StepViewAnswer): StepView {
  const nodeStates: StepView['nodeStates'] = {};
  for (const [id, n] of Object.entries(v.nodes))
    nodeStates[id] = { currentState: n.state, tokensProcessed: n.processed, aggregates: n.counts };
  const edgeWaiting: Record<string, number> = {};
  for (const e of model.edges) edgeWaiting[e.id] = 0;
  for (const e of v.edges) {
    const key = keys.get(e.id);
    if (key !== undefined) edgeWaiting[key] = (edgeWaiting[key] ?? 0) + e.waiting;
  }
  return {
    step: v.step,
    status: v.status,
    nodeStates,
    activeNodeIds: model.nodes.filter((n) => v.nodes[n.id]?.acted).map((n) => n.id),
    edgeWaiting,
    eventCount: v.stepEvents,
    queueSize: v.queueSize,
  };
}

/** Pure. Events per step for steps 1..currentStep (`counts[i]` = step i+1), a bucket's events spread over its steps. */
export function histogramCounts(h: ActivityHistogram): number[] {
  const counts = new Array<number>(h.currentStep).fill(0);
  for (const b of h.buckets) {
    const n = b.toStep - b.fromStep + 1;
    for (let s = b.fromStep; s <= b.toStep; s++) if (s >= 1 && s <= h.currentStep) counts[s - 1] = b.events / n;
  }
  return counts;
}

/** A run the workspace has open: every read and write of it. */
export interface RunSource {
  /** The read-only view of `step` (≤ the run's step); never advances the run. */
  read(step: number): Promise<StepView>;
  /** Advances the run to `target` (or its end) and answers the new live step's view. */
  advance(target: number | 'end'): Promise<StepView>;
  /** Events per step, 1..live. */
  counts(): Promise<number[]>;
  record(): Promise<ExecutionRecord>;
}

/** Not pure: the source of run `ref` (reads the template's graph once, for the edge ids). */
export async function openSource(
  api: EngineAPIService,
  ref: RunRef,
  model: GraphModel,
  graph?: Promise<Awaited<ReturnType<EngineAPIService['getGraph']>>>,
): Promise<RunSource> {
  const keys = edgeKeys(await (graph ?? api.getGraph(ref.templateId)));
  const read = async (step: number | 'last') =>
    toStepView(model, keys, await api.getStepView(ref.templateId, ref.executionId, step));
  return {
    read,
    async advance(target) {
      await api.executeStep(ref.templateId, ref.executionId, target, 0);
      return read('last');
    },
    async counts() {
      return histogramCounts(await api.getHistogram(ref.templateId, ref.executionId, 2000));
    },
    record: () => api.getExecution(ref.executionId),
  };
}
