/**
 * The one place the workspace reads and advances an open run through the run client
 * (src/client/runClient.ts): a seek (the read-only step view), advancing (Step, Run to end: one
 * operation answering the new view, the record and the activity) and the record. Plain async
 * functions and pure conversions; no `$state` here.
 */
import type { RunClient } from '../../../client/runClient';
import type {
  ActivityHistogram,
  ExecutionRecord,
  RunResultAnswer,
  StepViewAnswer,
  TemplateGraph,
} from '../../../contract/wire';
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

/** What an advance answers, as the workspace shows it: the new live step, the record, the events per step. */
export interface Advanced {
  view: StepView;
  record: ExecutionRecord;
  counts: number[];
  /** When the run has ended: its Result at the last step. */
  result?: RunResultAnswer;
}

/** A run the workspace has open: every read and write of it, one client call each. */
export interface RunSource {
  /** The read-only view of `step` (≤ the run's step); never advances the run. */
  read(step: number): Promise<StepView>;
  /** Advances the run to `target` (or its end) and answers the new live step. */
  advance(target: number | 'end'): Promise<Advanced>;
  record(): Promise<ExecutionRecord>;
}

/** Pure: the source of run `ref` over `runs`, drawn as `model` with the engine graph's edge ids `keys`. */
export function runSource(runs: RunClient, ref: RunRef, model: GraphModel, keys: EdgeKeys): RunSource {
  return {
    read: async (step) => toStepView(model, keys, await runs.seek(ref.templateId, ref.executionId, step)),
    async advance(target) {
      const answer =
        target === 'end'
          ? await runs.runToEnd(ref.templateId, ref.executionId)
          : await runs.step(ref.templateId, ref.executionId, target);
      return {
        view: toStepView(model, keys, answer.view),
        record: answer.record,
        counts: histogramCounts(answer.histogram),
        ...(answer.result ? { result: answer.result } : {}),
      };
    },
    record: () => runs.record(ref.executionId),
  };
}
