/**
 * The workspace's Result: what the run amounts to at the shown step, read from the service's
 * `…/result` (the same derivation `flowledger run` prints its sinks from). Latest-wins: moving the
 * timeline while a read is in flight drops the older answer.
 */
import type { EngineAPIService } from '../../../client/EngineAPIService';
import type { RunResultAnswer } from '../../../contract/wire';
import { explainError } from '../shell/explain';
import { latestWins } from '../shell/latest';
import type { RunRef } from './runSource';

/** Not pure: reactive Result data over `api`. */
export function createRunResult(api: EngineAPIService) {
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
