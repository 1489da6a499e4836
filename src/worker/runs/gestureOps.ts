/**
 * One operation per gesture of the workspace (src/contract/gestures.ts): opening a template's run,
 * New run (`startRun`), Step and Run to end (`advanceRun`). Each answers everything the screen shows
 * next — the record, the graph, the shown step's view, the activity histogram — so the page makes
 * one call to the worker per gesture and no follow-up reads. They compose the service's own
 * operations (the ones the documented HTTP paths adapt), so both paths answer alike.
 */
import {
  WORKSPACE_HISTOGRAM_BUCKETS,
  type OpenRunOptions,
  type RunAdvanced,
  type RunOpened,
  type WorkspaceOpened,
} from '../../contract/gestures';
import type {
  ActivityHistogram,
  ExecutionCreated,
  ExecutionList,
  StepTarget,
  StepResult,
  StepViewAnswer,
  Template,
  TemplateGraph,
} from '../../contract/wire';
import { isEnded } from '../../contract/vocabulary';
import { executionToWire } from '../../store/mappers';
import type { ServiceContext } from '../context';
import { ok, type Result } from '../result';
import { inProcessLocks } from '../locks';
import { answer } from './runOps';

/** The service operations a gesture is made of. */
export interface GestureParts {
  getTemplate(templateId: string): Promise<Result<Template>>;
  listExecutions(templateId: string): Promise<Result<ExecutionList>>;
  createExecution(templateId: string, body?: unknown): Promise<Result<ExecutionCreated>>;
  graph(templateId: string): Promise<Result<TemplateGraph>>;
  step(
    templateId: string,
    executionId: string,
    target: StepTarget,
    options?: { activityLimit?: number; callId?: string },
  ): Promise<Result<StepResult>>;
}

/** Not pure: the gesture operations of a service over `ctx`, made of `parts`. */
export function gestureOps(ctx: ServiceContext, parts: GestureParts) {
  /** Opening a template with no run creates its first one: per template, one open lists and creates at a time. */
  const firstRun = inProcessLocks();

  /** The record, the view of `step` (default live) and the histogram of a run, read together. */
  const readRun = (templateId: string, executionId: string, step: number | null): Promise<Result<RunAdvanced>> =>
    ctx.withRun(templateId, executionId, false, async (run) => {
      const engine = run.engine;
      const view = engine.stepView(step ?? undefined);
      if (!view.ok) return answer(view);
      const read: RunAdvanced = {
        record: executionToWire(run.record),
        view: { templateId, executionId, ...view.value } satisfies StepViewAnswer,
        histogram: engine.histogram(WORKSPACE_HISTOGRAM_BUCKETS) satisfies ActivityHistogram,
      };
      // An ended run shown at its last step: the workspace opens its Result there, so it comes along.
      if (isEnded(read.record.status) && read.view.step === read.record.currentStep) {
        const result = engine.runResult(read.view.step);
        if (result.ok) read.result = { templateId, executionId, ...result.value };
      }
      return ok(read);
    });

  /** The graph and the run read together (the graph loads the template's scenario on its own). */
  const openRunAt = async (
    templateId: string,
    executionId: string,
    step: number | null,
  ): Promise<Result<RunOpened>> => {
    const [graph, read] = await Promise.all([parts.graph(templateId), readRun(templateId, executionId, step)]);
    if (!graph.ok) return graph;
    if (!read.ok) return read;
    return ok({ ...read.value, graph: graph.value });
  };

  return {
    /**
     * New run: starts another execution of `templateId` (with `seed`, if given) and answers it as
     * the workspace shows it at step 0.
     */
    async startRun(templateId: string, options: { seed?: number | null } = {}): Promise<Result<RunOpened>> {
      const created = await parts.createExecution(
        templateId,
        options.seed === null || options.seed === undefined ? {} : { seed: options.seed },
      );
      if (!created.ok) return created;
      return openRunAt(templateId, created.value.executionId, 0);
    },

    /**
     * Opens `templateId` in the workspace: execution `options.executionId`, else the most recent one
     * (`missing` when the one asked for is gone), else a first one it creates; at `options.step`
     * (clamped to 0..live; default live). Answers the template and its executions beside the run.
     */
    async openRun(templateId: string, options: OpenRunOptions = {}): Promise<Result<WorkspaceOpened>> {
      const template = await parts.getTemplate(templateId);
      if (!template.ok) return template;
      const chosen = await firstRun(templateId, async () => {
        const listed = await parts.listExecutions(templateId);
        if (!listed.ok) return listed;
        const list = listed.value.executions;
        const wanted = options.executionId ? list.find((e) => e.id === options.executionId) : undefined;
        const recent = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        if (wanted ?? recent)
          return ok({ record: (wanted ?? recent)!, list, missing: !!options.executionId && !wanted });
        const created = await parts.createExecution(templateId, {});
        if (!created.ok) return created;
        return ok({ record: created.value.execution, list: [created.value.execution], missing: false });
      });
      if (!chosen.ok) return chosen;
      const { record, list, missing } = chosen.value;
      const step =
        options.step === null || options.step === undefined
          ? null
          : Math.min(record.currentStep, Math.max(0, Math.round(options.step)));
      const opened = await openRunAt(templateId, record.id, step);
      if (!opened.ok) return opened;
      const executions = list.map((e) => (e.id === record.id ? opened.value.record : e));
      return ok({ ...opened.value, template: template.value, executions, missing });
    },

    /**
     * Step and Run to end: advances the run to `target` (or its end; a target at or below the live
     * step changes nothing) and answers the new live step's view, the record and the activity.
     */
    async advanceRun(
      templateId: string,
      executionId: string,
      target: StepTarget,
      options: { callId?: string } = {},
    ): Promise<Result<RunAdvanced>> {
      const stepped = await parts.step(templateId, executionId, target, { activityLimit: 0, ...options });
      if (!stepped.ok) return stepped;
      return readRun(templateId, executionId, null);
    },
  };
}
