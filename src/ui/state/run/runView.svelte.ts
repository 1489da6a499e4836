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
import { graphFromScenario, type GraphModel } from '../../controllers/graph/model';
import type { StepView } from '../../controllers/graph/stepState';
import type { BreakpointsState } from './breakpoints.svelte';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import { pageLock as inProcessLocks } from '../../../client/pageLock';
import { openSource, type RunRef, type RunSource } from './runSource';
import { nextBatch } from './speeds';
import type { OpeningStep } from './opening';
import { createQueryCache, executionsQuery, queryKeys } from '../query/queries';

/** Steps per second a playing run advances; `0` means as fast as the service answers. */
export { SPEEDS } from './speeds';

/**
 * Opening a template that has no run yet creates its first one. Two opens of the same template can
 * overlap (a route change and a reload of the list, or two views of one page), and each would see an
 * empty list and create a run: so per template, listing and creating happen one open at a time.
 */
const firstRunLock = inProcessLocks();

/**
 * Not pure: the run view over `api`, pausing where `breakpoints` say. The open template's executions
 * are read from and written to `cache` (the app's query cache; a page without one gets its own).
 * Create it while a component initialises (it observes the cache for the component's life).
 */
export function createRunView(
  api: EngineAPIService,
  breakpoints: BreakpointsState,
  cache: QueryClient = createQueryCache(),
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
  const patchExecutions = (change: (list: ExecutionRecord[]) => ExecutionRecord[]) => {
    if (ref) cache.setQueryData<ExecutionRecord[]>(queryKeys.executions(ref.templateId), (old) => old && change(old));
  };
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
      // The reads that need only the template id go out together; so do the two that need the run.
      const graph = api.getGraph(templateId);
      graph.catch(() => undefined); // awaited below; a failure before that is reported once, there
      const [t, { chosen }] = await Promise.all([
        api.getTemplate(templateId),
        firstRunLock(templateId, async () => {
          const list = await cache.fetchQuery({ ...executionsQuery(api, templateId), staleTime: 0 });
          let chosen = executionId ? list.find((e) => e.id === executionId) : undefined;
          if (executionId && !chosen && list.length > 0)
            notice = 'The run in the link no longer exists, so its most recent run is shown instead.';
          chosen ??= [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
          if (chosen) return { chosen };
          if (!signal.aborted) opening = { kind: 'create' };
          const created = await api.createExecution(templateId, {});
          cache.setQueryData(queryKeys.executions(templateId), [created.execution]);
          return { chosen: created.execution };
        }),
      ]);
      const nextModel = graphFromScenario(t.scenario);
      const nextRef = { templateId, executionId: chosen.id };
      const nextSource = await openSource(api, nextRef, nextModel, graph);
      const first = Math.min(chosen.currentStep, Math.max(0, Math.round(step ?? chosen.currentStep)));
      if (!signal.aborted) opening = { kind: 'step', step: first };
      const [nextCounts, firstView] = await Promise.all([nextSource.counts(), nextSource.read(first)]);
      if (signal.aborted) return;
      template = t;
      model = nextModel;
      execution = chosen;
      source = nextSource;
      ref = nextRef;
      live = chosen.currentStep;
      status = chosen.status;
      truncation = null;
      counts = nextCounts;
      reading.abort(); // an older read still under way must not replace this view
      shown = first;
      view = firstView;
      if (status === 'truncated') truncation = view ? truncationSentence() : null;
    } catch (err) {
      if (!signal.aborted) error = explainError(err, 'Opening the template');
    } finally {
      if (!signal.aborted) {
        loading = false;
        opening = null;
      }
    }
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
    const before = live;
    const signal = reading.next();
    const answer = await source.advance(target);
    live = answer.step;
    status = answer.status as RunStatus;
    const id = ref.executionId;
    patchExecutions((list) => list.map((e) => (e.id === id ? { ...e, currentStep: live, status } : e)));
    if (live === before + 1) counts = [...counts, answer.eventCount];
    else if (live !== before) counts = await source.counts();
    if (!signal.aborted) {
      shown = live;
      view = answer;
    }
    if (ended() || live === before) await refreshRecord();
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
        const created = await api.createExecution(templateId, seed === null ? {} : { seed });
        await open(templateId, created.executionId, 0);
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
