/**
 * The workspace's run client: one method per gesture of the run view, each ONE operation.
 *   - `workerRunClient` — the page's own UI: each method is one Comlink call to the engine worker's
 *     gesture operation (src/worker/runs/gestureOps.ts), answered with everything the screen shows
 *     next; no HTTP encoding, no follow-up read.
 *   - `httpRunClient` — the same methods over the documented HTTP paths (`EngineAPIService`), for a
 *     page whose engine is reached only by `fetch`; there a gesture is composed of several requests.
 * A page's client carries its run client as `runs` (`PageClient`); `runsOf` picks it, else HTTP.
 */
import type { OpenRunOptions, RunAdvanced, RunOpened, WorkspaceOpened } from '../contract/gestures';
import { WORKSPACE_HISTOGRAM_BUCKETS } from '../contract/gestures';
import type { PortOf } from '../contract/port';
import type { Result } from '../contract/result';
import type { ExecutionRecord, StepViewAnswer } from '../contract/wire';
import { STATUS_OF } from '../api/status';
import type { EngineWorkerApi } from '../worker/engine.worker';
import { ApiError } from './ApiError';
import { EngineAPIService, type EngineAPIServiceOptions } from './EngineAPIService';

/** The run view's gestures, one call each. */
export interface RunClient {
  /** Opening a template: its run `executionId` (else its most recent, else a new one) at `step` (default live). */
  openRun(templateId: string, options?: OpenRunOptions): Promise<WorkspaceOpened>;
  /** New run: another execution of `templateId` (with `seed`, if given), shown at step 0. */
  startRun(templateId: string, options?: { seed?: number | null }): Promise<RunOpened>;
  /** Step: advances the run to `target` (above its live step) and answers the new live step. */
  step(templateId: string, executionId: string, target: number): Promise<RunAdvanced>;
  /** Run to end. */
  runToEnd(templateId: string, executionId: string): Promise<RunAdvanced>;
  /** A timeline seek (and Step back, and Step while behind the live step): the read-only view of `step`. */
  seek(templateId: string, executionId: string, step: number): Promise<StepViewAnswer>;
  /** The stored record (after a change made elsewhere). */
  record(executionId: string): Promise<ExecutionRecord>;
}

/** What the run client needs of the engine worker. */
export type RunPort = Pick<
  PortOf<EngineWorkerApi>,
  'openRun' | 'startRun' | 'advanceRun' | 'stepView' | 'getExecution'
>;

/** Not pure: the run client over the engine worker `port()` gives (one Comlink call per method). */
export function workerRunClient(port: () => RunPort): RunClient {
  // Advancing carries a call id: a long run to the end may take as long as its work does (the
  // bridge puts no time limit on a call the worker can abort), as it does through the HTTP path.
  let calls = 0;
  const callId = () => `run-${++calls}`;
  return {
    openRun: async (templateId, options = {}) => value(await port().openRun(templateId, options)),
    startRun: async (templateId, options = {}) => value(await port().startRun(templateId, options)),
    step: async (templateId, executionId, target) =>
      value(await port().advanceRun(templateId, executionId, target, { callId: callId() })),
    runToEnd: async (templateId, executionId) =>
      value(await port().advanceRun(templateId, executionId, 'end', { callId: callId() })),
    seek: async (templateId, executionId, step) => value(await port().stepView(templateId, executionId, step)),
    record: async (executionId) => value(await port().getExecution(executionId)),
  };
}

/** Pure: a service answer's value, or the `ApiError` the HTTP client would throw for it. */
function value<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new ApiError(STATUS_OF[r.error.code] ?? 500, r.error.code, r.error.message, r.error.details);
}

/** Not pure: the run client over the documented HTTP paths (several requests per gesture). */
export function httpRunClient(api: EngineAPIService): RunClient {
  const read = async (templateId: string, executionId: string, step: number | 'last') => {
    const [view, histogram, record] = await Promise.all([
      api.getStepView(templateId, executionId, step),
      api.getHistogram(templateId, executionId, WORKSPACE_HISTOGRAM_BUCKETS),
      api.getExecution(executionId),
    ]);
    return { view, histogram, record };
  };
  const opened = async (templateId: string, executionId: string, step: number | 'last'): Promise<RunOpened> => {
    const [graph, run] = await Promise.all([api.getGraph(templateId), read(templateId, executionId, step)]);
    return { graph, ...run };
  };
  return {
    async openRun(templateId, options = {}) {
      const [template, listed] = await Promise.all([api.getTemplate(templateId), api.listExecutions(templateId)]);
      let list = listed.executions;
      const wanted = options.executionId ? list.find((e) => e.id === options.executionId) : undefined;
      let chosen = wanted ?? [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      if (!chosen) {
        chosen = (await api.createExecution(templateId, {})).execution;
        list = [chosen];
      }
      const step =
        options.step === null || options.step === undefined
          ? 'last'
          : Math.min(chosen.currentStep, Math.max(0, Math.round(options.step)));
      const run = await opened(templateId, chosen.id, step);
      const executions = list.map((e) => (e.id === run.record.id ? run.record : e));
      return { ...run, template, executions, missing: !!options.executionId && !wanted };
    },
    async startRun(templateId, options = {}) {
      const seed = options.seed;
      const created = await api.createExecution(templateId, seed === null || seed === undefined ? {} : { seed });
      return opened(templateId, created.executionId, 0);
    },
    async step(templateId, executionId, target) {
      await api.executeStep(templateId, executionId, target, 0);
      return read(templateId, executionId, 'last');
    },
    async runToEnd(templateId, executionId) {
      await api.executeStep(templateId, executionId, 'end', 0);
      return read(templateId, executionId, 'last');
    },
    seek: (templateId, executionId, step) => api.getStepView(templateId, executionId, step),
    record: (executionId) => api.getExecution(executionId),
  };
}

/** The page's client: the HTTP client of every documented path, and the run view's gestures straight to the worker. */
export class PageClient extends EngineAPIService {
  readonly runs: RunClient;

  constructor(options: EngineAPIServiceOptions, port: () => RunPort) {
    super(options);
    this.runs = workerRunClient(port);
  }
}

/** Pure: the run client of `api` — its own (a `PageClient`), else one over its HTTP paths. */
export function runsOf(api: EngineAPIService): RunClient {
  return (api as Partial<PageClient>).runs ?? httpRunClient(api);
}
