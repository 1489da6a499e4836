/**
 * The Charts panel's data: node states sampled at up to 60 steps of the run (0 … live step), from
 * which the panel derives sink counts and per-state FSM instance counts. Samples already read are
 * kept (a step's state never changes once executed), so following a playing run reads only the new
 * steps. Latest wins.
 */
import { SvelteMap } from 'svelte/reactivity';
import { sampleSteps, type StepSample } from '../../controllers/chart/series';
import { describeError, latestWins } from '../shell/latest';
import { fetchStepSample, type RunRef } from './panelSource';

/** Not pure: reactive step samples of one run. */
export function createChartsState() {
  const cache = new SvelteMap<number, StepSample>();
  let steps = $state<number[]>([]);
  let status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  let error = $state<string | null>(null);
  const gate = latestWins();
  let key = '';
  let executionKey = '';

  async function load(run: RunRef, wanted: number[]): Promise<void> {
    const signal = gate.next();
    status = 'loading';
    try {
      for (const step of wanted) {
        if (cache.has(step)) continue;
        const sample = await fetchStepSample(run, step);
        if (signal.aborted) return;
        cache.set(step, sample);
      }
      steps = wanted;
      status = 'ready';
      error = null;
    } catch (err) {
      if (signal.aborted) return;
      status = 'error';
      error = describeError(err, 'read the run for the charts');
    }
  }

  return {
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    /** The samples of the current step set, in step order (only once all have arrived). */
    get samples(): StepSample[] {
      return steps.map((s) => cache.get(s)).filter((s): s is StepSample => s !== undefined);
    },
    /** Samples the run up to `liveStep`; a new execution or revision forgets earlier samples. */
    show(run: RunRef, liveStep: number, revision: number): void {
      const exec = `${run.executionId}|${revision}`;
      if (exec !== executionKey) {
        executionKey = exec;
        cache.clear();
      }
      const next = `${exec}|${liveStep}`;
      if (next === key) return;
      key = next;
      void load(run, sampleSteps(liveStep));
    },
  };
}

export type ChartsState = ReturnType<typeof createChartsState>;
