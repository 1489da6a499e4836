/**
 * The workspace's Result: what the run amounts to at the shown step, read from the service's
 * `…/result` (the same derivation `flowledger run` prints its sinks from). Latest-wins: moving the
 * timeline while a read is in flight drops the older answer. An ended run's Result at its last step
 * that a gesture's answer brought (Run to end, Step onto the end) is taken from `cache` instead of
 * read again.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { EngineAPIService } from '../../../client/EngineAPIService';
import { queryKeys } from '../query/queries';
import type { RunResultAnswer } from '../../../contract/wire';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import type { RunRef } from './runSource';

/** Not pure: reactive Result data over `api` (and `cache`, where the run view keeps what answers brought). */
export function createRunResult(api: EngineAPIService, cache?: QueryClient) {
  let result = $state.raw<RunResultAnswer | null>(null);
  let error = $state<string | null>(null);
  const reads = latestWins();
  return {
    get result() {
      return result;
    },
    get error() {
      return error;
    },
    /** Loads the Result of run `ref` at `step`. */
    async load(ref: RunRef, step: number): Promise<void> {
      const signal = reads.next();
      const key = queryKeys.endResult(ref.executionId, step);
      const brought = cache?.getQueryData<RunResultAnswer>(key);
      if (brought) {
        // Taken once: a later read of that step (the run changed meanwhile) asks the service again.
        cache?.removeQueries({ queryKey: key, exact: true });
        result = brought;
        error = null;
        return;
      }
      try {
        const r = await api.getRunResult(ref.templateId, ref.executionId, step, { signal });
        if (signal.aborted) return;
        result = r;
        error = null;
      } catch (err) {
        if (!signal.aborted) error = explainError(err, 'Reading the result');
      }
    },
    clear(): void {
      reads.abort();
      result = null;
      error = null;
    },
  };
}

export type RunResultState = ReturnType<typeof createRunResult>;
