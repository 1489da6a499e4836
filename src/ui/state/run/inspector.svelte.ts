/**
 * The Inspector's data for the selected node at the shown step: its recent activity (newest first),
 * and for a Sink the chosen aggregate and that aggregate's value over the run's steps. Latest-wins:
 * moving the timeline while a load is in flight drops the older answer.
 */
import type { ActivityEntry, SinkFormula } from '../../../contract/wire';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import { sampleSteps } from './inspectorSteps';
import type { RunRef } from './runSource';

/** How many recent operations the Inspector lists. */
export const RECENT = 12;
/** How many steps the Sink's value-over-steps chart samples at most. */
export const CHART_POINTS = 24;

/** Not pure: reactive Inspector data over `api`. */
export function createInspector(api: EngineAPIService) {
  let activity = $state.raw<ActivityEntry[]>([]);
  let aggregate = $state.raw<{ value: unknown; count: number } | null>(null);
  let series = $state.raw<{ step: number; value: number }[]>([]);
  let error = $state<string | null>(null);
  const reads = latestWins();
  const seriesReads = latestWins();

  return {
    get activity() {
      return activity;
    },
    get aggregate() {
      return aggregate;
    },
    get series() {
      return series;
    },
    get error() {
      return error;
    },
    /** Loads `nodeId`'s activity (and, for a Sink, the aggregate) at `step`. */
    async load(ref: RunRef, nodeId: string, step: number, sink: { formula: SinkFormula; field: string } | null) {
      const signal = reads.next();
      try {
        const [act, agg] = await Promise.all([
          api.getNodeActivity(ref.templateId, ref.executionId, nodeId, RECENT, step),
          sink
            ? api.getSinkAggregation(
                ref.templateId,
                ref.executionId,
                nodeId,
                sink.formula,
                sink.field || undefined,
                step,
              )
            : Promise.resolve(null),
        ]);
        if (signal.aborted) return;
        activity = act;
        aggregate = agg ? { value: agg.value, count: agg.count } : null;
        error = null;
      } catch (err) {
        if (!signal.aborted) error = explainError(err, 'Reading the node');
      }
    },
    /** Loads the Sink aggregate's numeric value at sampled steps up to `live`. */
    async loadSeries(ref: RunRef, sinkId: string, live: number, formula: SinkFormula, field: string) {
      const signal = seriesReads.next();
      try {
        const points: { step: number; value: number }[] = [];
        for (const step of sampleSteps(live, CHART_POINTS)) {
          const a = await api.getSinkAggregation(
            ref.templateId,
            ref.executionId,
            sinkId,
            formula,
            field || undefined,
            step,
          );
          if (signal.aborted) return;
          const v = typeof a.value === 'number' ? a.value : Array.isArray(a.value) ? a.value.length : a.count;
          points.push({ step, value: v });
        }
        series = points;
      } catch {
        if (!signal.aborted) series = [];
      }
    },
    /**
     * The aggregate that says most about Sink `sinkId` at `step` — the formula the run's Result
     * uses (sum for numbers, latest for records, count for none); `count` when it cannot be read.
     */
    async bestFormula(ref: RunRef, sinkId: string, step: number): Promise<SinkFormula> {
      try {
        const r = await api.getRunResult(ref.templateId, ref.executionId, step);
        return r.sinks.find((s) => s.sinkId === sinkId)?.formula ?? 'count';
      } catch {
        return 'count';
      }
    },
    clear() {
      reads.abort();
      seriesReads.abort();
      activity = [];
      aggregate = null;
      series = [];
      error = null;
    },
  };
}

export type Inspector = ReturnType<typeof createInspector>;
