/**
 * The run being viewed, as reactive state: which template and execution are open, the live step and
 * the shown step (time travel), the shown step's view, the per-step activity counts, and the transport
 * (step, step back, run to end, play/pause at a speed), pausing at breakpoints. Reads of earlier steps
 * are latest-wins, so scrubbing never shows a stale step; only actions at the live end advance the run.
 */
import type { ExecutionRecord, Template } from '../../../contract/wire';
import { createQuery, type QueryClient } from '@tanstack/svelte-query';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import { isEnded, type RunStatus } from '../../../contract/vocabulary';
import { graphModel, type GraphModel } from '../../controllers/graph/model';
import type { StepView } from '../../controllers/graph/stepState';
import type { BreakpointsState } from './breakpoints.svelte';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import { runsOf, type RunClient } from '../../../client/runClient';
import type { RunOpened } from '../../../contract/gestures';
import { edgeKeys, histogramCounts, runSource, toStepView, type RunRef, type RunSource } from './runSource';
import { nextBatch } from './speeds';
import type { OpeningStep } from './opening';
import { createQueryCache, executionsQuery, queryKeys } from '../query/queries';

/** Steps per second a playing run advances; `0` means as fast as the service answers. */
export { SPEEDS } from './speeds';

/**
 * Not pure: the run view over `api`, pausing where `breakpoints` say. Each gesture is ONE call of
 * the run client (`runs`: the page client's own, straight to the engine worker; else one over `api`'s
 * HTTP paths), whose answer holds all the screen shows next. The open template's executions are read
 * from `cache` (the app's query cache; a page without one gets its own) and written into it from
 * each answer — nothing the answer holds is fetched again. Create it while a component initialises
 * (it observes the cache for the component's life).
 */
export function createRunView(
  api: EngineAPIService,
  breakpoints: BreakpointsState,
  cache: QueryClient = createQueryCache(),
  runs: RunClient = runsOf(api),
) {
  let ref = $state.raw<RunRef | null>(null);
  let template = $state.raw<Template | null>(null);
  // The list is read when a template opens (`open`); the observer only follows the cache (no fetch of
  // its own on opening), and refetches when a write elsewhere invalidates it.
  const listed = createQuery(
    () => ({ ...executionsQuery(api, ref?.templateId ?? ''), enabled: ref !== null, staleTime: Infinity }),
    () => cache,
  );
  /** Patches the open template's cached list (a record changed; nothing to fetch). */
  const patchExecutions = (change: (list: ExecutionRecord[]) => ExecutionRecord[], templateId = ref?.templateId) => {
    if (templateId)
      cache.setQueryData<ExecutionRecord[]>(queryKeys.executions(templateId), (old) => old && change(old));
  };
  /** A record the engine answered, put into the cached list in place (or at its end when new). */
  const putRecord = (rec: ExecutionRecord, templateId = ref?.templateId) =>
    patchExecutions(
      (list) => (list.some((e) => e.id === rec.id) ? list.map((e) => (e.id === rec.id ? rec : e)) : [...list, rec]),
      templateId,
    );
  let execution = $state.raw<ExecutionRecord | null>(null);
  let model = $state.raw<GraphModel>({ nodes: [], edges: [] });
  let live = $state(0);
  let status = $state<RunStatus>('ready');
  let shown = $state(0);
  let view = $state.raw<StepView | null>(null);
  let counts = $state.raw<number[]>([]);
  let playing = $state(false);
  let speed = $state(4);
  let busy = $state(false);
  let loading = $state(false);
  /** What an open under way is waiting for the engine to do (`OpeningStep`), null when no open is. */
  let opening = $state<OpeningStep | null>(null);
  let error = $state<string | null>(null);
  let notice = $state<string | null>(null);
  let truncation = $state<string | null>(null);
  let revision = $state(0);
  let source: RunSource | null = null;
  /** Opening a template: a newer open wins. */
  const openings = latestWins();
  /** What the view shows (a step read or an advance's answer): the newest wins. */
  const reading = latestWins();

  // The service announces committed changes on this channel (another tab, an import, events added
  // from elsewhere): re-read the record of the open run so its status and live step stay true.
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel('flowledger').onmessage = (e: MessageEvent) => {
      const id = (e.data as { executionId?: unknown } | null)?.executionId;
      if (ref && id === ref.executionId && !busy && !playing) void refreshRecord().catch(() => undefined);
    };
  }

  const ended = () => isEnded(status);
  const nameOf = (id: string) => model.nodes.find((n) => n.id === id)?.name ?? id;

  async function refreshRecord(): Promise<void> {
    if (!source) return;
    const rec = await source.record();
    execution = rec;
    patchExecutions((list) => list.map((e) => (e.id === rec.id ? rec : e)));
    live = rec.currentStep;
    status = rec.status;
  }

  /** Opens `templateId`'s execution `executionId`, else its most recent one, else a new one; shows `step` (default live). */
  async function open(
    templateId: string,
    executionId: string | null = null,
    step: number | null = null,
  ): Promise<void> {
    const signal = openings.next();
    pause();
    loading = true;
    opening = { kind: 'template' };
    error = null;
    notice = null;
    try {
      // One operation: the template, its runs (a first one created when it has none), the chosen
      // run's record, graph, shown step and activity.
      const answer = await runs.openRun(templateId, { executionId, step });
      if (signal.aborted) return;
      if (answer.missing) notice = 'The run in the link no longer exists, so its most recent run is shown instead.';
      cache.setQueryData(queryKeys.executions(templateId), answer.executions);
      template = answer.template;
      show(templateId, answer);
    } catch (err) {
      if (!signal.aborted) error = explainError(err, 'Opening the template');
    } finally {
      if (!signal.aborted) {
        loading = false;
        opening = null;
      }
    }
  }

  /** Not pure: keeps an ended run's Result, when an answer brought it, for the Result to take. */
  function keepResult(answer: Pick<RunOpened, 'result'>): void {
    const r = answer.result;
    if (r) cache.setQueryData(queryKeys.endResult(r.executionId, r.step), r);
  }

  /** Not pure: shows run `answer` (an open's or a New run's) of `templateId`, from the answer alone. */
  function show(templateId: string, answer: RunOpened): void {
    keepResult(answer);
    const nextModel = graphModel(answer.graph);
    const keys = edgeKeys(answer.graph);
    const nextRef = { templateId, executionId: answer.record.id };
    model = nextModel;
    execution = answer.record;
    source = runSource(runs, nextRef, nextModel, keys);
    ref = nextRef;
    live = answer.record.currentStep;
    status = answer.record.status;
    truncation = null;
    counts = histogramCounts(answer.histogram);
    reading.abort(); // an older read still under way must not replace this view
    view = toStepView(nextModel, keys, answer.view);
    shown = view.step;
    if (status === 'truncated') truncation = truncationSentence();
  }

  function truncationSentence(): string {
    return `This run stopped at its bound after step ${live} (the template's maxSteps or maxEvents), so it is incomplete. Raise the bound in the template to run further.`;
  }

  /**
   * Shows step `step` (clamped to 0..live) from the read-only step view; never advances the run. The
   * step number moves at once (scrubbing follows the pointer) and moves back when the read fails (a
   * template or run deleted in another tab): the view stays at the step whose picture it shows.
   */
  async function seek(step: number): Promise<StepView | null> {
    if (!source) return null;
    const target = Math.min(live, Math.max(0, Math.round(step)));
    shown = target;
    const signal = reading.next();
    try {
      const answer = await source.read(target);
      if (signal.aborted) return null;
      view = answer;
      return answer;
    } catch (err) {
      if (!signal.aborted) {
        if (view) shown = view.step;
        error = explainError(err, 'Showing that step');
      }
      return null;
    }
  }

  /** Advances the run to `target` (or the end) and shows the new live step. */
  async function advanceTo(target: number | 'end'): Promise<StepView | null> {
    if (!source || !ref) return null;
    const signal = reading.next();
    const { view: answer, record, counts: nextCounts, result } = await source.advance(target);
    keepResult({ result });
    execution = record;
    live = record.currentStep;
    status = record.status;
    putRecord(record);
    counts = nextCounts;
    if (!signal.aborted) {
      shown = live;
      view = answer;
    }
    if (status === 'truncated') truncation = truncationSentence();
    revision++;
    return answer;
  }

  /** One step forward: in the view while it is behind the live step, else the run itself advances. */
  async function stepOnce(): Promise<StepView | null> {
    if (shown < live) return seek(shown + 1);
    if (ended()) return null;
    return advanceTo(live + 1);
  }

  /**
   * Runs `action` after the transport actions already asked for, one at a time; errors become a
   * sentence. Queued, not dropped: five quick presses of → are five steps, whatever the service's
   * latency (a press while the previous step was in flight used to be lost).
   */
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  function act(what: string, action: () => Promise<void>): Promise<void> {
    if (!ref) return Promise.resolve();
    queued++;
    busy = true;
    queue = queue.then(async () => {
      error = null;
      notice = null;
      try {
        if (ref) await action();
      } catch (err) {
        error = explainError(err, what);
        playing = false;
      } finally {
        if (--queued === 0) busy = false;
      }
    });
    return queue;
  }

  /** `n` steps forward, one at a time when breakpoints are set; answers true if a breakpoint stopped it. */
  async function stepMany(n: number): Promise<boolean> {
    if (!breakpoints.active) {
      // Without breakpoints no step in between needs looking at: one read (or one advance) covers n.
      const inView = Math.min(n, live - shown);
      if (inView > 0) await seek(shown + inView);
      if (n > inView && !ended()) await advanceTo(live + (n - inView));
      return false;
    }
    for (let i = 0; i < n; i++) {
      const v = await stepOnce();
      if (!v) return false;
      const hit = breakpoints.check(v, nameOf);
      if (hit) {
        notice = hit.message;
        return true;
      }
    }
    return false;
  }

  function pause(): void {
    playing = false;
  }

  async function play(): Promise<void> {
    if (playing || busy || !ref) return;
    if (ended() && shown === live) await seek(0);
    playing = true;
    notice = null;
    // At `Max` a tick covers a batch of steps sized by `nextBatch`, so a long run plays through in
    // seconds rather than at one service round trip (and one commit) per step. Other speeds step one
    // at a time.
    let batch = 1;
    while (playing) {
      const started = performance.now();
      let stop = false;
      await act('Playing the run', async () => {
        stop = await stepMany(speed > 0 ? 1 : batch);
      });
      if (stop || (ended() && shown === live)) break;
      const took = performance.now() - started;
      if (speed === 0) batch = nextBatch(batch, took);
      const period = speed > 0 ? 1000 / speed : 0;
      const wait = Math.max(0, period - (performance.now() - started));
      // Yield to the browser between steps even at full speed, so the page keeps painting.
      await new Promise((r) => setTimeout(r, wait));
    }
    playing = false;
  }

  return {
    api,
    get ref() {
      return ref;
    },
    get template() {
      return template;
    },
    get executions(): readonly ExecutionRecord[] {
      return listed.data ?? [];
    },
    get execution() {
      return execution;
    },
    get model() {
      return model;
    },
    get live() {
      return live;
    },
    get status() {
      return status;
    },
    get shown() {
      return shown;
    },
    get view() {
      return view;
    },
    get counts() {
      return counts;
    },
    get playing() {
      return playing;
    },
    get speed() {
      return speed;
    },
    set speed(v: number) {
      speed = v;
    },
    get busy() {
      return busy;
    },
    get loading() {
      return loading;
    },
    /** What an open under way is waiting for the engine to do; null when no open is under way. */
    get opening() {
      return opening;
    },
    get error() {
      return error;
    },
    get notice() {
      return notice;
    },
    get truncation() {
      return truncation;
    },
    get revision() {
      return revision;
    },
    get ended() {
      return ended();
    },
    nameOf,
    open,
    seek: (step: number) => {
      notice = null;
      return seek(step);
    },
    step: (n = 1) =>
      act(n === 1 ? 'Stepping' : `Stepping ${n} steps`, async () => {
        await stepMany(n);
      }),
    stepBack: () => act('Stepping back', async () => void (await seek(shown - 1))),
    reset: () => {
      pause();
      return act('Resetting the view', async () => void (await seek(0)));
    },
    runToEnd: () =>
      act('Running to the end', async () => {
        if (breakpoints.active) {
          while (!(ended() && shown === live)) if (await stepMany(1)) return;
        } else await advanceTo('end');
      }),
    play,
    pause,
    /** Starts another execution of the open template (with `seed`, if given) and opens it. */
    async newRun(seed: number | null): Promise<void> {
      if (!ref) return;
      const templateId = ref.templateId;
      await act('Starting a new run', async () => {
        const signal = openings.next();
        pause();
        const answer = await runs.startRun(templateId, { seed });
        if (signal.aborted) return;
        // The new record goes into the cached list; the template's other reads did not change.
        putRecord(answer.record, templateId);
        show(templateId, answer);
      });
    },
    /** Re-reads the record after a change made elsewhere (e.g. events added). */
    async changed(): Promise<void> {
      try {
        await refreshRecord();
        revision++;
      } catch (err) {
        error = explainError(err, 'Reloading the run');
      }
    },
    dismiss() {
      error = null;
      notice = null;
    },
  };
}

export type RunView = ReturnType<typeof createRunView>;
